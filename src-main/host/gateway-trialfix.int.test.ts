/**
 * A new user's trial of the gateway (issue 30), with the built CLI and real processes:
 * - no keychain (a D-Bus address that cannot exist, as over SSH): `--print-http` still prints the
 *   URL on stdout (exit 2, the keychain problem on stderr); the running owner's 500 names its pid and
 *   what reaches it; `"secretStore": "file"` in state.json reaches the RUNNING owner (no restart);
 * - `--print-entry` through a symlink to the CLI (as `npx switchboard` runs it) prints the real path;
 * - a line from the host that is not JSON gets a stderr line and a -32700 answer on the stdio door.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { readLiveEndpoint } from '../owner/ownership.js';

let world: TempWorld | undefined;
let serve: ChildProcess | undefined;

afterEach(async () => {
  serve?.kill('SIGTERM');
  if (serve) await new Promise((r) => serve?.once('close', r));
  serve = undefined;
  if (world) expect(await waitFor(() => processesWithMarker(world?.marker ?? '-').length === 0, 30_000)).toBe(true);
  world?.cleanup();
  world = undefined;
});

const post = (url: string, token: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'trial', version: '1' } } };

describe('the gateway after a new user’s trial (issue 30)', () => {
  it('without a keychain: --print-http prints the URL anyway; the owner’s 500 says what reaches it; state.json’s choice reaches the running owner', async () => {
    const w = (world = makeWorld());
    stubRenderer(w);
    writeOwnServers(w, {});
    w.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/switchboard-test-bus';
    delete w.env.SWITCHBOARD_SECRET_STORE;
    const child = (serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    expect(await waitFor(() => out.includes('Switchboard is running at'), 60_000)).toBe(true);
    const port = readLiveEndpoint(w.dataDir)?.port;
    const url = `http://127.0.0.1:${port}/mcp/claude-code`;

    const printed = await runSwitchboard(w, ['gateway', '--host', 'claude-code', '--print-http']);
    expect(printed.code).toBe(2);
    expect(printed.stdout).toBe(`${url}\n`);
    expect(printed.stderr).toContain("switchboard gateway: claude-code's token could not be kept: The OS keychain is not available");
    expect(printed.stderr).toContain('"secretStore": "file"');

    const refused = await post(url, 'any-token', initialize);
    expect(refused.status).toBe(500);
    const words = ((await refused.json()) as { error: string }).error;
    expect(words).toContain(`The gateway failed: the Switchboard that owns this door (pid ${child.pid}) cannot check the token: The OS keychain is not available`);
    expect(words).toContain('SWITCHBOARD_SECRET_STORE=file on another command does not reach that process: set "secretStore": "file" in its data folder\'s state.json');

    // The documented persisted choice, made while the owner runs: no restart.
    const stateFile = join(w.dataDir, 'state.json');
    const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(stateFile, JSON.stringify({ ...state, secretStore: 'file' }));
    const made = await runSwitchboard(w, ['gateway', '--host', 'claude-code', '--print-http', '--show-token']);
    expect(made.code).toBe(0);
    const [madeUrl, token = ''] = made.stdout.trim().split('\n');
    expect(madeUrl).toBe(url);
    expect(readFileSync(join(w.dataDir, 'secrets.json'), 'utf8')).toContain(token);
    const opened = await post(url, token, initialize);
    expect(opened.status).toBe(200);
  }, 180_000);

  it('--print-entry through a symlink to the CLI (npx’s way) prints the CLI’s real path', async () => {
    const w = (world = makeWorld());
    const link = join(w.root, 'switchboard-link');
    symlinkSync(CLI_BIN, link);
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [link, 'gateway', '--host', 'claude-code', '--print-entry'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(run.code).toBe(0);
    const entry = (JSON.parse(run.stdout) as { mcpServers: { switchboard: { command: string; args: string[] } } }).mcpServers.switchboard;
    expect(entry.command).toBe(process.execPath);
    expect(entry.args[0]).toBe(realpathSync(CLI_BIN));
    expect(entry.args[0]).not.toBe(link);
  }, 60_000);

  it('the stdio door says a line that is not JSON on stderr and answers -32700', async () => {
    const w = (world = makeGatewayWorld().world);
    const child = spawn(process.execPath, [CLI_BIN, 'gateway', '--host', 'claude-code', '--project', w.project], { cwd: w.project, env: w.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const closed = new Promise((r) => child.once('close', r));
    child.stdin.write(`this is not json ${'x'.repeat(100)}\n`);
    expect(await waitFor(() => stdout.includes('\n'), 60_000)).toBe(true);
    expect(JSON.parse(stdout.split('\n')[0] ?? '')).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the line is not JSON' } });
    expect(stderr).toContain(`switchboard gateway: a line from the host is not JSON-RPC: this is not json ${'x'.repeat(63)}\n`);
    child.stdin.end();
    await closed;
  }, 120_000);
});
