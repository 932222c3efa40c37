/**
 * Issue 10's "done when", through the CLI as real child processes: a fresh data folder with one
 * servers.json holding a modern-only stdio server, a modern-only Streamable HTTP server, a dual-era
 * server and server-everything. `switchboard status` shows all four connected with their era, `--json`
 * carries era and version, `switchboard call` works on each; `edit --protocol` writes servers.json
 * for our own servers and Switchboard's state for another host's definition (dropped on change).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, writeOwnServers, writeProjectConfig, type TempWorld } from '../core/composition/test-world.js';

const MODERN_STDIO = fileURLToPath(new URL('../core/mcp/testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const HTTP_FIXTURE = new URL('../core/mcp/testing/fixtures/modern-http-server.mjs', import.meta.url).href;

let world: TempWorld;
let http: { url: string; close(): Promise<void> };

beforeAll(async () => {
  world = makeWorld();
  const { startModernHttp } = (await import(HTTP_FIXTURE)) as { startModernHttp: (o: { legacy: string }) => Promise<typeof http> };
  http = await startModernHttp({ legacy: 'reject' });
  const marker = { SB_TEST_MARKER: world.marker };
  writeOwnServers(world, {
    'modern-stdio': { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], env: marker },
    'modern-http': { type: 'http', url: http.url },
    'dual-era': { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'serve'], env: marker },
    everything: everythingEntry(world),
  });
});

afterAll(async () => {
  await http?.close();
  world?.cleanup();
});

interface StatusJson {
  servers: { server: { name: string }; status: string; lastError?: string; protocol?: { era: string; version: string; mode: string; remembered: boolean }; instructions?: string }[];
}

describe('switchboard with servers of both protocol generations', () => {
  it('status shows all four connected with their era; --json carries era, version and mode', async () => {
    const run = await runSwitchboard(world, ['status']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const line = (name: string) => lines.find((l) => l.startsWith(`● ${name} `)) ?? `(no connected line for ${name}: ${run.stdout})`;
    expect(line('modern-stdio')).toMatch(/connected\s+12 tools .*2026-07-28$/);
    expect(line('modern-http')).toMatch(/connected\s+12 tools .*2026-07-28$/);
    expect(line('dual-era')).toMatch(/connected\s+12 tools .*2026-07-28$/);
    expect(line('everything')).toMatch(/connected\s+\d+ tools .*2025-11-25$/);

    const json = await runSwitchboard(world, ['status', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as StatusJson;
    const byName = new Map(parsed.servers.map((s) => [s.server.name, s]));
    for (const name of ['modern-stdio', 'modern-http', 'dual-era']) {
      expect(byName.get(name), name).toMatchObject({ status: 'connected', protocol: { era: 'modern', version: '2026-07-28', mode: 'auto' } });
      expect(byName.get(name)!.instructions).toContain('protocol-generation tests');
    }
    expect(byName.get('everything')).toMatchObject({ status: 'connected', protocol: { era: 'legacy', version: '2025-11-25', mode: 'auto' } });
    // The second run found the eras the first one negotiated (state.json): no probe this time.
    expect(byName.get('modern-stdio')!.protocol!.remembered).toBe(true);
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 130_000);

  it('call works on each', async () => {
    for (const [server, tool, args, expected] of [
      ['modern-stdio', 'echo', '{"message":"a"}', 'Echo: a'],
      ['modern-http', 'echo', '{"message":"b"}', 'Echo: b'],
      ['dual-era', 'shapes', '{"point":{"x":3,"y":4}}', 'point 3,4'],
      ['everything', 'echo', '{"message":"c"}', 'Echo: c'],
    ] as const) {
      const run = await runSwitchboard(world, ['call', server, tool, '--args', args]);
      expect(run.stderr, server).toBe('');
      expect(run.stdout.trim(), server).toBe(expected);
      expect(run.code, server).toBe(0);
    }
  }, 170_000);

  it('edit --protocol writes servers.json for our own server; legacy on the modern-only server fails with -32022 and says what to set', async () => {
    const edit = await runSwitchboard(world, ['edit', 'modern-stdio', '--protocol', 'legacy']);
    expect(edit.code).toBe(0);
    const file = JSON.parse(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, { protocol?: string }> };
    expect(file.mcpServers['modern-stdio']!.protocol).toBe('legacy');
    const status = await runSwitchboard(world, ['status', 'modern-stdio']);
    expect(status.stdout).toContain('The server does not speak protocol version 2025-11-25; it supports 2026-07-28');
    expect(status.stdout).toContain('(-32022)');
    const back = await runSwitchboard(world, ['edit', 'modern-stdio', '--protocol', 'auto']);
    expect(back.code).toBe(0);
    const again = JSON.parse(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')) as { mcpServers: Record<string, { protocol?: string }> };
    expect(again.mcpServers['modern-stdio']!.protocol).toBeUndefined();
    const bad = await runSwitchboard(world, ['edit', 'modern-stdio', '--protocol', '2024']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--protocol takes auto, 2026-07-28 or legacy');
  }, 180_000);

  it("another host's server keeps the override in Switchboard's state, never in its file, and loses it when the definition changes", async () => {
    const project = writeProjectConfig(world, { 'project-dual': { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'serve'], env: { SB_TEST_MARKER: world.marker } } });
    // Trusting the folder approves its definitions as written (issue 16).
    await runSwitchboard(world, ['trust'], { cwd: world.project });
    const before = readFileSync(project, 'utf8');
    const edit = await runSwitchboard(world, ['edit', 'project-dual', '--protocol', 'legacy'], { cwd: world.project });
    expect(edit.code).toBe(0);
    expect(readFileSync(project, 'utf8')).toBe(before);
    const state = JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')) as { protocolOverrides?: Record<string, { protocol: string }> };
    expect(state.protocolOverrides?.['project-dual']?.protocol).toBe('legacy');
    const legacy = JSON.parse((await runSwitchboard(world, ['status', '--json'], { cwd: world.project })).stdout) as StatusJson;
    expect(legacy.servers.find((s) => s.server.name === 'project-dual')).toMatchObject({ status: 'connected', protocol: { era: 'legacy', mode: 'legacy' } });
    // The definition changes (another argument): the override no longer applies and is dropped.
    writeFileSync(project, JSON.stringify({ mcpServers: { 'project-dual': { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'serve', '--changed'], env: { SB_TEST_MARKER: world.marker } } } }));
    // A changed project definition waits for approval first (issue 16: approval bound to the definition).
    const waiting = JSON.parse((await runSwitchboard(world, ['status', '--json'], { cwd: world.project })).stdout) as StatusJson;
    expect(waiting.servers.find((s) => s.server.name === 'project-dual')).toMatchObject({ status: 'changed' });
    expect((await runSwitchboard(world, ['trust', '--approve', 'project-dual'], { cwd: world.project })).code).toBe(0);
    const changed = JSON.parse((await runSwitchboard(world, ['status', '--json'], { cwd: world.project })).stdout) as StatusJson;
    expect(changed.servers.find((s) => s.server.name === 'project-dual')).toMatchObject({ status: 'connected', protocol: { era: 'modern', mode: 'auto' } });
    const after = JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')) as { protocolOverrides?: Record<string, unknown> };
    expect(after.protocolOverrides?.['project-dual']).toBeUndefined();
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 150_000);
});
