/**
 * Issue 30 § Tests, real third-party clients against the gateway: a real owner of a temp world
 * (the kit's startOwnerIn; Claude Code's file: server-everything and server-memory, Cursor's: server-memory)
 * serves both doors. The MCP Inspector's CLI mode (`@modelcontextprotocol/inspector` 2.12.0,
 * `--cli`, from node_modules) spawns the BUILT CLI's stdio door `switchboard gateway --host
 * claude-code` and reaches the HTTP door `/mcp/claude-code` with `--header "Authorization: Bearer
 * …"`; `mcp-remote` 0.15.1 bridges stdio to the HTTP door with the same `--header`, driven by the SDK
 * v2 client. Each lists exactly the door's tool names (the core's `gateway:list`, which holds the
 * nine `memory_*` tools and `everything_echo`) and gets `Echo: …` back from `everything_echo`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, REPO_ROOT } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';
import { printedHttp } from '../wires/test-fixtures.js';
import { envOf, gatewayCleanup, startOwnerIn } from './test-gateway-door.js';

const INSPECTOR_BIN = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
const MCP_REMOTE_BIN = join(REPO_ROOT, 'node_modules', 'mcp-remote', 'dist', 'proxy.js');
const MEMORY_TOOLS = ['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes'].map((t) => `memory_${t}`);

const track = gatewayCleanup();

/** `node args…` in `cwd` with `env`; resolves its exit code and output (killed after 100 s: a hang). */
function runNode(args: string[], env: Record<string, string | undefined>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('real clients against the gateway (issue 30)', () => {
  it('the Inspector CLI over the stdio and HTTP doors and mcp-remote over the HTTP door list the exact names and echo', async () => {
    const { world } = makeGatewayWorld();
    const made = track(world);
    const owner = await startOwnerIn(made);
    const { url, token } = await printedHttp(world, 'claude-code');
    expect(url).toBe(`http://127.0.0.1:${owner.host.port}/mcp/claude-code`);

    // The door's list as the core gives it once its servers are up: what every client must see,
    // names and order. (Without the wait the list raced the servers' start: it held only those
    // connected by then, and lost once the one-shot CLI above started faster.)
    await owner.core.settled();
    const door = await owner.core.handlers['gateway:list']({ host: 'claude-code' });
    expect(door.ok).toBe(true);
    const expected = door.ok ? door.data.tools.map((t) => t.name) : [];
    expect(expected.filter((n) => n.startsWith('memory_'))).toEqual(MEMORY_TOOLS);
    expect(expected).toContain('everything_echo');
    expect(expected.filter((n) => !n.startsWith('memory_') && !n.startsWith('everything_'))).toEqual([]);

    // The Inspector starts the stdio door with only the environment it is given (-e): the world's.
    const worldEnv = ['HOME', 'XDG_CONFIG_HOME', 'SWITCHBOARD_HOME', 'PATH'].flatMap((k) => ['-e', `${k}=${world.env[k] ?? ''}`]);
    const stdioDoor = ['--cwd', world.project, '--', process.execPath, CLI_BIN, 'gateway', '--host', 'claude-code'];
    const httpDoor = ['--server-url', url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`];
    const inspector = (method: string[], target: string[], env: string[] = []) => runNode([INSPECTOR_BIN, '--cli', ...method, ...env, ...target], world.env, world.root);
    const listed = (out: { code: number | null; stdout: string; stderr: string }): string[] => {
      expect(out.code, out.stderr).toBe(0);
      return (JSON.parse(out.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    };
    const echoed = (out: { code: number | null; stdout: string; stderr: string }): unknown => {
      expect(out.code, out.stderr).toBe(0);
      return JSON.parse(out.stdout);
    };
    // (The door states `isError: false` where server-everything leaves it out: the core's result
    // carries a boolean, not whether the backend sent one.)
    const echo = (message: string) => ['--method', 'tools/call', '--tool-name', 'everything_echo', '--tool-arg', `message=${message}`];

    expect(listed(await inspector(['--method', 'tools/list'], stdioDoor, worldEnv))).toEqual(expected);
    expect(echoed(await inspector(echo('inspector over stdio'), stdioDoor, worldEnv))).toEqual({ content: [{ type: 'text', text: 'Echo: inspector over stdio' }], isError: false });
    expect(listed(await inspector(['--method', 'tools/list'], httpDoor))).toEqual(expected);
    expect(echoed(await inspector(echo('inspector over http'), httpDoor))).toEqual({ content: [{ type: 'text', text: 'Echo: inspector over http' }], isError: false });

    // mcp-remote: a stdio server bridging to the HTTP door with the bearer header.
    const bridge = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_REMOTE_BIN, url, '--header', `Authorization: Bearer ${token}`],
      env: { ...envOf(world.env), MCP_REMOTE_CONFIG_DIR: join(world.root, 'mcp-remote') },
      cwd: world.root,
      stderr: 'pipe',
    });
    let bridgeLog = '';
    bridge.stderr?.on('data', (d: Buffer) => (bridgeLog += d.toString()));
    const client = new Client({ name: 'gateway-clients-test', version: '1.0.0' });
    made.clients.push(client);
    await client.connect(bridge);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expected);
    const result = await client.callTool({ name: 'everything_echo', arguments: { message: 'through mcp-remote' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: through mcp-remote' }]);
    // It reached the door over Streamable HTTP with the header (no OAuth detour), and never logged the token.
    expect(bridgeLog).toContain('Connected to remote server using StreamableHTTPClientTransport');
    expect(bridgeLog).not.toContain(token);
  }, 240_000);
});
