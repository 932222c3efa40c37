/**
 * Issue 27 item 10: every CLI verb once against a server that speaks ONLY the current revision
 * (2026-07-28: @modelcontextprotocol/server 2.4 with `legacy: 'reject'`, modern-stdio-server.mjs),
 * as real child processes — first one-shot, then attached to a live `switchboard serve`. `test`
 * sent `ping`, which that revision's SDK refuses, and reported "Failed to connect" for a server
 * that was connected and listed its tools.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolsListing } from '../../src-shared/api/status.js';
import { CLI_BIN, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const RAW = fileURLToPath(new URL('../core/mcp/testing/fixtures/raw-stdio-server.mjs', import.meta.url));
const MODERN_STDIO = fileURLToPath(new URL('../core/mcp/testing/fixtures/modern-stdio-server.mjs', import.meta.url));
const TOOL_NAMES = ['echo', 'slow', 'shapes', 'fail', 'log', 'roots', 'confirm', 'visit', 'sample', 'add-tool', 'job', 'approve'];
const CLOCK = String.raw`\d\d:\d\d:\d\d\.\d{3}`;

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { modern: { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], env: { SB_TEST_MARKER: world.marker } } });
});

afterAll(() => world?.cleanup());

/** Run a verb and expect it to succeed with nothing on stderr. */
async function ok(args: string[]): Promise<string> {
  const run = await runSwitchboard(world, args);
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code, `${args.join(' ')}: ${run.stdout}`).toBe(0);
  return run.stdout;
}

/** The checks both modes share: the server's own facts through every reading verb. */
async function readingVerbs(): Promise<void> {
  expect(await ok(['status'])).toMatch(/^● modern +connected +12 tools .*2026-07-28\nTotal: 1 server, 12 tools available\n$/);
  expect(await ok(['servers'])).toContain('modern');
  const tools = await ok(['tools', 'modern']);
  expect(tools.trim().split('\n').map((l) => l.split(/\s+/)[1])).toEqual(TOOL_NAMES.map((t) => `modern/${t}`));
  const json = JSON.parse(await ok(['tools', 'modern', '--json'])) as ToolsListing;
  expect(json.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  expect(json.warnings).toEqual([]);
  const describe = await ok(['describe', 'modern', 'echo']);
  expect(describe).toContain('description: [MCP:modern] Echoes its message');
  expect(describe).toContain(`invocation:  switchboard call mcp_modern_echo --args '{"message":"<string>"}'`);
  expect((await ok(['call', 'modern', 'echo', '--args', '{"message":"hi"}'])).trim()).toBe('Echo: hi');
  expect(await ok(['resources', 'modern'])).toBe('fixture://readme\treadme (text/plain)\nfixture://notes/{id}\tnote (template; arguments: id)\n');
  expect((await ok(['resources', 'modern', 'fixture://readme'])).trim()).toBe('Fixture readme');
  expect((await ok(['resources', 'modern', 'fixture://notes/{id}', '--var', 'id=7'])).trim()).toBe('Note 7');
  expect(await ok(['prompts', 'modern'])).toBe('greet name\tGreets someone\n');
  expect(await ok(['prompts', 'modern', 'greet', '--args', '{"name":"Ada"}'])).toContain('Hello, Ada!');
  // 2026-07-28 has no ping: the check sends server/discover after the first list.
  expect((await ok(['test', 'modern'])).trim()).toMatch(/^✓ modern {2}(connect [\d.]+ ms|reused connection) · tools\/list [\d.]+ ms \(12 tools\) · server\/discover [\d.]+ ms$/);
  const report = JSON.parse(await ok(['test', 'modern', '--json'])) as Record<string, unknown>;
  expect(report).toMatchObject({ server: 'modern', ok: true, status: 'connected', era: 'modern', probe: 'server/discover', toolCount: 12 });
  expect(report.error).toBeUndefined();
  expect(await ok(['logs', 'modern'])).toMatch(new RegExp(`^${CLOCK} system connected to modern-fixture 1\\.0\\.0 over 2026-07-28 `, 'm'));
  expect(await ok(['trace', 'modern'])).toMatch(new RegExp(`^${CLOCK} modern → req   tools/list `, 'm'));
  // Issue 34: a 2026-07-28 server without the Events extension is told apart from a 2025-era one.
  expect(await ok(['events', 'modern'])).toBe('"modern" does not offer the Events extension (io.modelcontextprotocol/events is not in its server/discover capabilities)\n');
}

describe('every verb against a modern-only server', () => {
  it('one-shot: status, servers, tools, describe, call, resources, prompts, test, logs, trace', async () => {
    await readingVerbs();
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 300_000);

  describe('attached to a live owner', () => {
    let serve: ChildProcess;
    beforeAll(async () => {
      serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      serve.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      expect(await waitFor(() => out.includes('Switchboard is running at'), 60_000)).toBe(true);
      expect(await waitFor(async () => (await runSwitchboard(world, ['status'])).stdout.includes('connected'), 60_000)).toBe(true);
    }, 120_000);
    afterAll(async () => {
      if (serve && serve.exitCode === null) {
        serve.kill('SIGTERM');
        await waitFor(() => serve.exitCode !== null, 60_000);
      }
    });

    it('the reading verbs, then restart, stop, start, reload, history and test again', async () => {
      await readingVerbs();
      expect(await ok(['restart', 'modern'])).toBe('● modern  connected  12 tools\n');
      expect(await ok(['stop', 'modern'])).toBe('○ modern  stopped (stopped by you)\n');
      expect(await ok(['status'])).toMatch(/^○ modern +stopped/);
      expect(await ok(['start', 'modern'])).toBe('● modern  connected  12 tools\n');
      expect(await ok(['reload'])).toContain('modern');
      expect((await ok(['test', 'modern'])).trim()).toMatch(/^✓ modern {2}reused connection · tools\/list [\d.]+ ms \(12 tools\) · server\/discover [\d.]+ ms$/);
      expect(await ok(['history', 'modern'])).toContain('echo');
      expect(await ok(['logs', 'modern'])).toMatch(new RegExp(`^${CLOCK} system stopping \\(stopped\\)$`, 'm'));
    }, 400_000);
  });
});

describe('a check that fails after connecting', () => {
  it('is worded as such, never as a failed connection', async () => {
    const other = makeWorld();
    try {
      writeOwnServers(other, { raw: { command: process.execPath, args: [RAW], env: { SB_TEST_MARKER: other.marker, FAULT_PING_ERROR: '1' } } });
      const run = await runSwitchboard(other, ['test', 'raw']);
      expect(run.stdout).toBe('✕ raw  Connected to "raw", but ping failed: ping broke (-32603)\n');
      expect(run.code).toBe(2);
      const json = JSON.parse((await runSwitchboard(other, ['test', 'raw', '--json'])).stdout) as Record<string, unknown>;
      expect(json).toMatchObject({ ok: false, era: 'legacy', probe: 'ping', toolCount: 6, error: 'Connected to "raw", but ping failed: ping broke (-32603)' });
    } finally {
      other.cleanup();
    }
  }, 120_000);
});
