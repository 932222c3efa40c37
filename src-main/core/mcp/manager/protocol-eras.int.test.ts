/**
 * Both protocol generations through the manager (issue 10), against real servers: a modern-only
 * stdio server (`serveStdio(…, { legacy: 'reject' })`), a modern-only Streamable HTTP server
 * (`createMcpHandler(…, { legacy: 'reject' })` behind node:http), a dual-era stdio server, and
 * server-everything for the 2025 era. On each: connect, list, call with progress and cancel, read a
 * resource, get a prompt, a JSON Schema 2020-12 tool, an error code; era pinned and auto; a
 * remembered era skips the probe on reconnect (counted at the fixture: spawns and requests).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { NO_RESTARTS } from './backoff.js';
import { StoredEraMemory } from '../client/era-memory.js';
import { complete, getPrompt, readResource, setLoggingLevel } from '../inspector/inspector-ops.js';
import { McpManager } from './manager.js';
import { everythingStdio, testDefinition, waitFor } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../testing/fixtures/modern-http-server.mjs', import.meta.url).href;

interface HttpFixture {
  url: string;
  counts: Map<string, number>;
  close(): Promise<void>;
}

let tmp: string;
let spawnLog: string;
let modernHttp: HttpFixture;
let manager: McpManager | undefined;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'switchboard-eras-'));
  spawnLog = path.join(tmp, 'spawns.log');
  const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<HttpFixture> };
  modernHttp = await startModernHttp({ legacy: 'reject' });
});
afterAll(async () => {
  await modernHttp?.close();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

const modernStdio = (name: string, extra: Partial<ServerDefinition> = {}, legacy: 'reject' | 'serve' = 'reject') =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', legacy], env: { FIXTURE_SPAWN_LOG: spawnLog }, ...extra });
const modernHttpDef = (name: string, extra: Partial<ServerDefinition> = {}) => testDefinition({ name, transport: 'http', url: modernHttp.url, ...extra });

function newManager(eras = new StoredEraMemory()): McpManager {
  manager = new McpManager({ clientName: 'switchboard-test', clientVersion: '1.0.0', restart: NO_RESTARTS, eras });
  return manager;
}

async function connect(m: McpManager, ...defs: ServerDefinition[]): Promise<void> {
  await m.reconcile(defs.map((definition) => ({ definition, desired: 'run' as const })));
  await m.settled();
}

const spawns = (): number => readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean).length;

describe('modern-only and dual-era servers (2026-07-28) and server-everything (2025 era)', () => {
  it('auto reaches each in its own generation, with server info, capabilities and instructions', async () => {
    writeFileSync(spawnLog, '');
    const m = newManager();
    await connect(m, modernStdio('modern-stdio'), modernHttpDef('modern-http'), modernStdio('dual', {}, 'serve'), everythingStdio('everything'));
    for (const name of ['modern-stdio', 'modern-http', 'dual']) {
      const rt = m.runtime(name)!;
      expect(rt, name).toMatchObject({ status: 'connected', protocol: { era: 'modern', version: '2026-07-28', mode: 'auto', remembered: false } });
      expect(rt.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
      expect(rt.instructions).toContain('A fixture for protocol-generation tests');
    }
    expect(m.runtime('dual')!.serverInfo).toEqual({ name: 'dual-era-fixture', version: '1.0.0' });
    expect(m.runtime('everything')).toMatchObject({ status: 'connected', protocol: { era: 'legacy', version: '2025-11-25', mode: 'auto' } });
    // In-place probe: one process per stdio server, no sibling.
    expect(spawns()).toBe(2);
  });

  it('tools, progress, cancel, resources, prompts, completions, a 2020-12 schema and structuredContent of any JSON type on modern servers', async () => {
    const m = newManager();
    await connect(m, modernStdio('modern-stdio'), modernHttpDef('modern-http'));
    for (const name of ['modern-stdio', 'modern-http']) {
      const tools = m.listTools(name);
      expect(tools.map((t) => t.name).sort(), name).toEqual(['add-tool', 'approve', 'confirm', 'echo', 'fail', 'job', 'log', 'roots', 'sample', 'shapes', 'slow', 'visit']);
      const shapes = tools.find((t) => t.name === 'shapes')!;
      expect(shapes.inputSchema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { point: { type: 'object' } } });

      expect((await m.callTool(name, 'echo', { message: 'hi' })).text).toBe('Echo: hi');
      const progress: number[] = [];
      const slow = await m.callTool(name, 'slow', { steps: 4, delayMs: 30 }, { onProgress: (p) => progress.push(p.progress) });
      expect(slow.text).toBe('finished after 4 steps');
      expect(progress.length).toBeGreaterThanOrEqual(2);

      const abort = new AbortController();
      const cancelled = m.callTool(name, 'slow', { steps: 100, delayMs: 50 }, { signal: abort.signal, onProgress: () => abort.abort() });
      expect(await cancelled).toMatchObject({ isError: true, text: 'Cancelled' });

      // structuredContent is an array here (any JSON type since 2026-07-28), checked against a 2020-12 outputSchema.
      const shaped = await m.callTool(name, 'shapes', { point: { x: 1, y: 2 } });
      expect(shaped).toMatchObject({ isError: false, text: 'point 1,2', structuredContent: [1, 2] });
      expect(shaped.outputWarning).toBeUndefined();

      const read = await m.withClient(name, (c) => readResource(c, 'fixture://notes/7', 5_000));
      expect(read.contents[0]).toMatchObject({ uri: 'fixture://notes/7', text: 'Note 7' });
      const prompt = await m.withClient(name, (c) => getPrompt(c, 'greet', { name: 'Ada' }, 5_000));
      expect(prompt.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: 'Hello, Ada!' } });
      const completion = await m.withClient(name, (c) => complete(c, { type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'A' }, undefined, 5_000));
      expect(completion.values).toEqual(['Ada', 'Alan']);
    }
  });

  it('log level per request on a modern server (no logging/setLevel in 2026-07-28)', async () => {
    const m = newManager();
    await connect(m, modernStdio('modern-stdio'));
    await m.callTool('modern-stdio', 'log', { level: 'debug', text: 'quiet one' });
    await m.withClient('modern-stdio', (c) => setLoggingLevel(c, 'debug', 5_000));
    await m.callTool('modern-stdio', 'log', { level: 'debug', text: 'loud one' });
    const logs = await waitFor(() => {
      const lines = m.logs('modern-stdio').map((l) => l.text);
      return lines.some((t) => t.includes('loud one')) ? lines : undefined;
    }, 'the debug log line');
    expect(logs!.some((t) => t.includes('quiet one'))).toBe(false);
    const call = m.trace('modern-stdio').filter((e) => e.method === 'tools/call' && e.kind === 'request').at(-1)!;
    expect(call.text).toContain('"io.modelcontextprotocol/logLevel":"debug"');
    expect(m.trace('modern-stdio').some((e) => e.method === 'logging/setLevel')).toBe(false);
  });

  it('2026-07-28 requests leave out the core tasks capability that revision deleted; a 2025-era initialize keeps it', async () => {
    const m = newManager();
    await connect(m, modernStdio('modern-stdio'), everythingStdio('everything'));
    await m.callTool('modern-stdio', 'echo', { message: 'x' });
    const sent = (server: string) => m.trace(server).filter((e) => e.kind === 'request' && e.direction === 'out').map((e) => JSON.parse(e.text) as { method: string; params: { capabilities?: object; _meta?: Record<string, object> } });
    const modern = sent('modern-stdio');
    expect(modern.map((r) => r.method)).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
    for (const r of modern) {
      const caps = r.params._meta?.['io.modelcontextprotocol/clientCapabilities'];
      expect(caps, r.method).toMatchObject({ roots: { listChanged: true }, elicitation: { url: {} } });
      expect(caps, r.method).not.toHaveProperty('tasks');
    }
    const init = sent('everything').find((r) => r.method === 'initialize');
    expect(init?.params.capabilities).toMatchObject({ roots: { listChanged: true }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } });
  });

  it('legacy pinned on a modern-only server fails with a clear -32022 message; pinned 2026-07-28 on server-everything fails loudly', async () => {
    const m = newManager();
    await connect(m, modernStdio('strict', { protocol: 'legacy' }), modernHttpDef('strict-http', { protocol: 'legacy' }), everythingStdio('old', { protocol: '2026-07-28' }));
    for (const name of ['strict', 'strict-http']) {
      expect(m.runtime(name), name).toMatchObject({ status: 'error' });
      expect(m.runtime(name)!.lastError).toContain('The server does not speak protocol version 2025-11-25; it supports 2026-07-28. Set this server\'s protocol to auto');
      expect(m.runtime(name)!.lastError).toContain('(-32022)');
    }
    expect(m.runtime('old')).toMatchObject({ status: 'error' });
    expect(m.runtime('old')!.lastError).toMatch(/^The server did not offer pinned protocol version 2026-07-28 .*Set this server's protocol to auto \(or legacy\)/);
  });

  it('pinned 2026-07-28 reaches a dual-era server in the modern era; legacy reaches it in the 2025 era', async () => {
    const m = newManager();
    await connect(m, modernStdio('dual-pinned', { protocol: '2026-07-28' }, 'serve'), modernStdio('dual-legacy', { protocol: 'legacy' }, 'serve'));
    expect(m.runtime('dual-pinned')).toMatchObject({ status: 'connected', protocol: { era: 'modern', version: '2026-07-28', mode: '2026-07-28' } });
    expect(m.runtime('dual-legacy')).toMatchObject({ status: 'connected', protocol: { era: 'legacy', version: '2025-11-25', mode: 'legacy' } });
    expect((await m.callTool('dual-legacy', 'echo', { message: 'old' })).text).toBe('Echo: old');
  });

  it('an error code from the server keeps its code in the message', async () => {
    const m = newManager();
    await connect(m, modernHttpDef('modern-http'));
    await expect(m.withClient('modern-http', (c) => readResource(c, 'fixture://missing', 5_000))).rejects.toThrow(/-3260\d|not found/i);
  });

  it('a remembered era skips the probe on the next start (stdio: no discover; HTTP: one server/discover in all); an explicit restart probes again', async () => {
    writeFileSync(spawnLog, '');
    const eras = new StoredEraMemory();
    const first = newManager(eras);
    const before = modernHttp.counts.get('server/discover') ?? 0;
    await connect(first, modernStdio('modern-stdio'), modernHttpDef('modern-http'), everythingStdio('everything'));
    expect(modernHttp.counts.get('server/discover')).toBe(before + 1);
    await first.dispose();
    // The next run (an app restart, a new owner) with the same memory: no probe.
    const m = newManager(eras);
    await connect(m, modernStdio('modern-stdio'), modernHttpDef('modern-http'), everythingStdio('everything'));
    for (const name of ['modern-stdio', 'modern-http', 'everything']) {
      expect(m.runtime(name), name).toMatchObject({ status: 'connected', protocol: { remembered: true } });
    }
    expect(modernHttp.counts.get('server/discover')).toBe(before + 1);
    expect(spawns()).toBe(2); // one process per start, no probe process
    const discovers = (name: string) => m.trace(name).filter((e) => e.method === 'server/discover').length;
    expect(discovers('modern-stdio')).toBe(0);
    expect(discovers('everything')).toBe(0);
    expect(m.runtime('modern-stdio')!.protocol).toMatchObject({ era: 'modern', version: '2026-07-28' });
    expect(m.runtime('everything')!.protocol).toMatchObject({ era: 'legacy', version: '2025-11-25' });

    // An explicit restart forgets the memory and asks again (trial 6: a server whose code moved to
    // the 2026 revision kept its remembered 2025 era on Restart; its definition had not changed).
    for (const name of ['modern-stdio', 'modern-http', 'everything']) {
      await m.restart(name);
      await m.settled();
      expect(m.runtime(name), name).toMatchObject({ status: 'connected', protocol: { remembered: false } });
    }
    expect(modernHttp.counts.get('server/discover')).toBe(before + 2);
    expect(discovers('modern-stdio')).toBe(1);
    expect(discovers('everything')).toBe(1);
    expect(m.runtime('modern-stdio')!.protocol).toMatchObject({ era: 'modern', version: '2026-07-28' });
    expect(m.runtime('everything')!.protocol).toMatchObject({ era: 'legacy', version: '2025-11-25' });
  });
});
