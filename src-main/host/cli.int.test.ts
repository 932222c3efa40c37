/**
 * The CLI as a real child process (`node bin/switchboard.mjs …`) against real servers, in a temp
 * HOME/XDG_CONFIG_HOME/SWITCHBOARD_HOME with a temp project.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServersSnapshotSchema, ToolCallResultSchema, ToolsListingSchema } from '../../src-shared/api/status.js';
import { DiscoveryReportSchema } from './cli/format.js';
import {
  CLI_BIN,
  BROKEN_ENTRY,
  everythingEntry,
  makeWorld,
  processesWithMarker,
  runSwitchboard,
  waitFor,
  tripwireEntry,
  writeOwnServers,
  writeProjectConfig,
  type TempWorld,
} from '../core/composition/test-world.js';

describe('switchboard CLI in a trusted project', () => {
  let world: TempWorld;
  let mcpJson: string;

  beforeAll(async () => {
    world = makeWorld();
    mcpJson = writeProjectConfig(world, { everything: everythingEntry(world), broken: BROKEN_ENTRY });
    const trusted = await runSwitchboard(world, ['trust']);
    expect(trusted.stderr).toBe('');
    expect(trusted.code).toBe(0);
    expect(trusted.stdout.split('\n')[0]).toBe(`Trusted ${world.project}`);
    expect(trusted.stdout).toContain('servers allowed to run: everything, broken');
  });
  afterAll(() => world.cleanup());

  it('status prints the docs/operator-verbs.md#status-view view, exits 2 since "broken" should run but is in error, and stops every process it started', async () => {
    const run = await runSwitchboard(world, ['status']);
    expect(run.code).toBe(2);
    const lines = run.stdout.trimEnd().split('\n');
    // The protocol revision ends the line (issue 10): server-everything speaks the 2025 era.
    expect(lines[0]).toMatch(/^● everything {4}connected {5}(\d+) tools {2}\(\d+s\) {2}2025-11-25$/);
    const tools = Number(/(\d+) tools/.exec(lines[0]!)![1]);
    expect(tools).toBeGreaterThan(5);
    expect(lines[1]).toBe('○ broken        error');
    expect(lines[2]).toMatch(/^ {2}↳ .*ENOENT/);
    expect(lines[3]).toBe(`    Check that the command exists and runs from a terminal: ${BROKEN_ENTRY.command}`);
    expect(lines[4]).toBe(`Total: 2 servers, ${tools} tools available`);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });

  it('status --json parses against the ServersSnapshot schema', async () => {
    const run = await runSwitchboard(world, ['status', '--json']);
    expect(run.code).toBe(2); // "broken" is in error
    const snap = ServersSnapshotSchema.parse(JSON.parse(run.stdout));
    expect(snap.project).toEqual({ dir: world.project, trusted: true, projectFiles: [mcpJson] });
    expect(snap.servers.map((s) => [s.server.name, s.status])).toEqual([
      ['everything', 'connected'],
      ['broken', 'error'],
    ]);
    expect(snap.servers[0]!.server.envKeys).toEqual(['SB_TEST_MARKER']);
    expect(run.stdout).not.toContain(world.marker); // env values never leave the core
  });

  it('status <name> starts only that server and exits 2 for a failed one', async () => {
    const one = await runSwitchboard(world, ['status', 'broken']);
    expect(one.code).toBe(2);
    expect(one.stdout.split('\n').slice(0, 4)).toEqual(['○ broken        error', expect.stringMatching(/ENOENT/), expect.stringMatching(/^ {4}Check that the command exists/), 'Total: 1 server, 0 tools available']);
    expect((await runSwitchboard(world, ['status', 'everything'])).code).toBe(0);
    const unknown = await runSwitchboard(world, ['status', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('Unknown server "nope"');
  });

  it('tools lists agent-visible names with raw names and descriptions; --json parses', async () => {
    const run = await runSwitchboard(world, ['tools', 'everything']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^mcp_everything_echo +everything\/echo +\S/m);
    expect(run.stdout).toMatch(/^mcp_everything_get_sum +everything\/get-sum +\S/m);
    const json = await runSwitchboard(world, ['tools', '--json']);
    const { tools, warnings } = ToolsListingSchema.parse(JSON.parse(json.stdout));
    // The server that cannot start is named in --json too, with why (trial 8 F11).
    expect(warnings).toEqual([{ server: 'broken', warning: expect.stringMatching(/^not listed: Failed to connect to "broken": .*ENOENT/) }]);
    expect(tools.find((t) => t.agentName === 'mcp_everything_echo')).toMatchObject({ server: 'everything', name: 'echo' });
    expect(json.stderr).toMatch(/^Failed to connect to "broken": .*ENOENT/m);
  });

  it('call by raw names prints the result text and exits 0, leaving no process', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'echo', '--args', '{"message":"hi"}']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('Echo: hi\n');
    expect(run.code).toBe(0);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });

  it('call by agent-visible name works; --json gives the ToolCallResult with structuredContent', async () => {
    const byAgent = await runSwitchboard(world, ['call', 'mcp_everything_get_sum', '--args', '{"a":2,"b":3}']);
    expect(byAgent.code).toBe(0);
    expect(byAgent.stdout).toContain('5');
    const json = await runSwitchboard(world, ['call', 'everything', 'get-structured-content', '--args', '{"location":"New York"}', '--json']);
    expect(json.code).toBe(0);
    const result = ToolCallResultSchema.parse(JSON.parse(json.stdout));
    expect(result).toMatchObject({ server: 'everything', tool: 'get-structured-content', isError: false });
    expect(result.structuredContent).toBeDefined();
  });

  it('a tool that returns isError prints "Error: …" and exits 1', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'get-sum', '--args', '{"a":"x","b":1}']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Error: .*Invalid arguments for tool get-sum/);
  });

  it('call on a broken server exits 2 with the docs/operator-verbs.md message', async () => {
    const run = await runSwitchboard(world, ['call', 'broken', 'anything', '--args', '{}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Failed to connect to "broken": .*ENOENT/);
    expect(run.stdout).toBe('');
  });

  it('call of an unknown server or tool exits 2', async () => {
    const server = await runSwitchboard(world, ['call', 'nope', 'echo']);
    expect(server.code).toBe(2);
    expect(server.stderr.trim()).toBe('Unknown server "nope"');
    const tool = await runSwitchboard(world, ['call', 'mcp_everything_nope']);
    expect(tool.code).toBe(2);
    expect(tool.stderr).toMatch(/^Unknown tool "mcp_everything_nope"/);
  });

  it('bad --args JSON and unknown commands/flags exit 64 and say what was wrong', async () => {
    const badJson = await runSwitchboard(world, ['call', 'everything', 'echo', '--args', '{message:hi}']);
    expect(badJson.code).toBe(64);
    expect(badJson.stderr).toMatch(/^switchboard: --args is not valid JSON: /);
    const notObject = await runSwitchboard(world, ['call', 'everything', 'echo', '--args', '[1]']);
    expect(notObject.code).toBe(64);
    expect(notObject.stderr).toContain('--args must be a JSON object');
    const cmd = await runSwitchboard(world, ['frobnicate']);
    expect(cmd.code).toBe(64);
    expect(cmd.stderr).toContain('Unknown command "frobnicate"');
    const flag = await runSwitchboard(world, ['status', '--verbose']);
    expect(flag.code).toBe(64);
    expect(flag.stderr).toContain("Unknown option '--verbose'");
    const help = await runSwitchboard(world, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: switchboard <command>/);
  });
});

describe('switchboard CLI in an untrusted project', () => {
  let world: TempWorld;
  let tripwire: string;

  beforeAll(() => {
    world = makeWorld();
    tripwire = join(world.root, 'spawned.txt');
    writeProjectConfig(world, { everything: everythingEntry(world), tripwire: tripwireEntry(tripwire) });
  });
  afterAll(() => world.cleanup());

  it('status shows untrusted with the trust hint and spawns nothing', async () => {
    const run = await runSwitchboard(world, ['status']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      '○ everything    untrusted',
      '  ↳ project folder not trusted, nothing started; run: switchboard trust',
      '○ tripwire      untrusted',
      '  ↳ project folder not trusted, nothing started; run: switchboard trust',
      'Total: 2 servers, 0 tools available',
    ]);
    expect(existsSync(tripwire)).toBe(false);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });

  it('tools says why the list is empty: the trust hint, like status (exit 0: untrusted does not count as failed)', async () => {
    const run = await runSwitchboard(world, ['tools']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      'No tools available.',
      'Not started (project folder not trusted): everything, tripwire; run: switchboard trust',
    ]);
    expect(existsSync(tripwire)).toBe(false);
  });

  it('--project from elsewhere names the folder in the hint; call is refused with exit 2', async () => {
    const run = await runSwitchboard(world, ['status', '--project', world.project], { cwd: world.root });
    expect(run.stdout).toContain(`run: switchboard trust ${world.project}`);
    const call = await runSwitchboard(world, ['call', 'tripwire', 'x']);
    expect(call.code).toBe(2);
    expect(call.stderr).toMatch(/not trusted/);
    expect(existsSync(tripwire)).toBe(false);
  });

  it('servers lists definitions, shadowing and warnings without connecting', async () => {
    const own = writeOwnServers(world, { everything: { command: 'node', args: ['elsewhere.js'] } });
    mkdirSync(join(world.project, '.cursor'), { recursive: true });
    const broken = join(world.project, '.cursor', 'mcp.json');
    // An entry no host could run (neither command nor url): both launch fields would be read by the host's own rule now (issue 27 item 9).
    writeFileSync(broken, '{ "mcpServers": { "x": { "args": ["a"] } } }');
    try {
      const run = await runSwitchboard(world, ['servers']);
      expect(run.code).toBe(0);
      const out = run.stdout;
      expect(out).toContain('everything  stdio  node elsewhere.js\n  Switchboard ' + own + ':');
      expect(out).toMatch(/tripwire {2}stdio {2}.* -e /);
      expect(out).toMatch(/Claude Code .*\.mcp\.json:\d+ \(project\) {2}untrusted \(project folder not trusted, nothing started; run: switchboard trust\)\n/);
      expect(out).toMatch(/Shadowed definitions:\n {2}everything {2}Claude Code .*\.mcp\.json:\d+ \(project\)\n {4}shadowed by Switchboard /);
      expect(out).toMatch(new RegExp(`Config warnings:\\n  ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: Invalid server config: `));
      expect(out).toContain(`Project: ${world.project} (not trusted)`);
      const json = await runSwitchboard(world, ['servers', '--json']);
      const report = DiscoveryReportSchema.parse(JSON.parse(json.stdout));
      expect(report.servers.map((s) => [s.name, s.source.host])).toEqual([
        ['everything', 'switchboard'],
        ['tripwire', 'claude-code'],
      ]);
      expect(report.servers.map((s) => s.status)).toEqual([undefined, 'untrusted']);
      expect(report.shadowed.map((s) => [s.server.name, s.shadowedBy.file])).toEqual([['everything', own]]);
      expect(report.project.trusted).toBe(false);
      expect(existsSync(tripwire)).toBe(false);
    } finally {
      writeOwnServers(world, {});
      writeFileSync(broken, '{}');
    }
  });
});

describe('switchboard serve', () => {
  let world: TempWorld;

  beforeAll(async () => {
    world = makeWorld();
    writeProjectConfig(world, { everything: everythingEntry(world) });
    expect((await runSwitchboard(world, ['trust'])).code).toBe(0);
  });
  afterAll(() => world.cleanup());

  it('says how to build the UI when out/renderer is missing (exit 2)', async () => {
    world.env.SWITCHBOARD_RENDERER_DIR = join(world.root, 'no-renderer-here');
    try {
      const run = await runSwitchboard(world, ['serve', '--port', '0']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Build it with: npm run build');
      expect(processesWithMarker(world.marker)).toEqual([]);
    } finally {
      delete world.env.SWITCHBOARD_RENDERER_DIR;
    }
  });

  it('prints the URL, serves the page and the socket, and stops everything on SIGTERM', async () => {
    const rendererDir = join(world.root, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
    const child = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0', '--project', world.project], {
      cwd: world.root,
      env: { ...world.env, SWITCHBOARD_RENDERER_DIR: rendererDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      expect(await waitFor(() => stdout.includes('\n'), 60_000)).toBe(true);
      const m = /^Switchboard is running at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{32}))$/m.exec(stdout);
      expect(m, stdout + stderr).not.toBeNull();
      const [, url, port, token] = m!;
      const page = await fetch(url!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>fixture</title>');

      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`, { origin: `http://127.0.0.1:${port}` });
      const replies: any[] = [];
      ws.on('message', (d) => replies.push(JSON.parse(d.toString())));
      await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
      ws.send(JSON.stringify({ type: 'call', id: 1, method: 'tools:call', input: { server: 'everything', tool: 'echo', args: { message: 'served' } } }));
      expect(await waitFor(() => replies.some((r) => r.type === 'result' && r.id === 1), 60_000)).toBe(true);
      expect(replies.find((r) => r.id === 1).result).toMatchObject({ ok: true, data: { text: 'Echo: served' } });
      ws.close();
      expect(processesWithMarker(world.marker).length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });
});
