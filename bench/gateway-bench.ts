/**
 * The gateway benchmark (issue 30 § Benchmark, docs/gateway.md § Speed): `npm run bench --
 * --only=gateway`. Everything in one run, on one temp machine, so the ratios compare like with like:
 *
 * - echo (server-everything's `echo`, from node_modules) through the stdio door — the BUILT CLI's
 *   `switchboard gateway --host claude-code`, attached to the headless owner it starts — against the
 *   raw SDK client on the same server over stdio: median and p99, ratios, targets ≤ 1.25 / ≤ 1.5;
 * - echo through the HTTP door (`/mcp/claude-code`, bearer from `--print-http --show-token`) beside
 *   `supergateway` 4.0.0 (`--outputTransport streamableHttp --stateful`: stateless supergateway
 *   spawns a server per POST) and `mcp-hub` 4.2.1 (its one MCP endpoint, `/mcp`, is HTTP+SSE)
 *   fronting the same server, all started from node_modules/.bin: the door must be faster than both;
 * - `tools/list` of 10 servers × 100 tools (bench/hundred-tools-server.mjs, Cursor's file) through
 *   the aggregated stdio door, warm: median ≤ 5 ms (the raw column: the SDK client listing the same
 *   10 servers directly, in parallel);
 * - 100 concurrent echo calls through each door, each with its own text: none lost, none mixed up
 *   (throws otherwise); the time for all of them beside the raw client's.
 *
 * Every side's calls are cut into blocks run in rotating order, so a busy moment hits all of them.
 * Results are checked (an echo must say its own text), so a failing side cannot look fast.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_BIN, REPO_ROOT, makeWorld, runSwitchboard, type TempWorld } from '../src-main/core/composition/test-world.js';
import { EVERYTHING_SCRIPT, accepts, freePort, killTree } from '../src-main/core/mcp/testing/test-helpers.js';
import { ensureCliBuild } from '../scripts/ensure-cli-build.mjs';
import { formatResult, result as row, round, stats, type BenchResult } from './bench-lib.js';

const TOOLS_SERVER = fileURLToPath(new URL('./hundred-tools-server.mjs', import.meta.url));
const BIN = (name: string): string => join(REPO_ROOT, 'node_modules', '.bin', name);

/** The targets: ratios to the raw client (echo), milliseconds (tools/list), ratio to each peer. */
export const GATEWAY_TARGETS = { echoMedian: 1.25, echoP99: 1.5, toolsListMs: 5, peer: 1 } as const;

/** One way to call echo, and how to end it. */
interface Side {
  name: string;
  call(text: string): Promise<string>;
  close(): Promise<void>;
}

const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** A side over a connected client whose echo tool is `tool` (the answer's first text; checked by the caller). */
function sideOf(client: Client, name: string, tool: string): Side & { client: Client } {
  return {
    name,
    client,
    call: async (text) => {
      const r = await client.callTool({ name: tool, arguments: { message: text } });
      const first = (r.content as Array<{ type: string; text?: string }>)[0];
      return first?.type === 'text' ? (first.text ?? '') : '';
    },
    close: () => client.close(),
  };
}

/** An SDK client connected over `transport`, as a side calling `tool`. */
async function clientSide(name: string, transport: Transport, tool: string): Promise<Side & { client: Client }> {
  const client = new Client({ name: 'gateway-bench', version: '1' });
  await client.connect(transport);
  return sideOf(client, name, tool);
}

/** Echo through `side` must say `Echo: <text>`; throws with the side's name otherwise. */
async function checkedEcho(side: Side, text: string): Promise<void> {
  const got = await side.call(text);
  if (got !== `Echo: ${text}`) throw new Error(`${side.name}: echo of "${text}" answered "${got}"`);
}

/** `n` calls of each side, in blocks run in rotating order; each call's duration (ms), by side. */
async function rotatedCalls(n: number, sides: Array<() => Promise<unknown>>): Promise<number[][]> {
  const out = sides.map((): number[] => []);
  const blocks = 10;
  const block = Math.max(1, Math.ceil(n / blocks));
  for (let done = 0, b = 0; done < n; done += block, b++) {
    const size = Math.min(block, n - done);
    for (let k = 0; k < sides.length; k++) {
      const i = (b + k) % sides.length;
      const call = sides[i];
      const times = out[i];
      if (!call || !times) continue;
      for (let j = 0; j < size; j++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }
  }
  return out;
}

/** Poll `check` until it is true (throws with `what` after `ms`). */
async function until(what: string, check: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`gateway bench: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A child from node_modules/.bin on a free port; its output drained (kept for the error text). */
async function peer(bin: string, args: (port: number) => string[], env: Record<string, string>): Promise<{ port: number; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(BIN(bin), args(port), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer): void => void (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await until(`${bin} listening on ${port} (${output})`, () => accepts(port), 60_000);
  return { port, child, output: () => output };
}

/** The temp machine: Claude Code's file holds server-everything, Cursor's the `servers` tool-heavy ones. */
function benchWorld(servers: number): TempWorld {
  const world = makeWorld();
  // The token of the HTTP door in a file store of the temp data folder (docs/security.md): no keychain needed here.
  Object.assign(world.env, { SWITCHBOARD_SECRET_STORE: 'file', SWITCHBOARD_GATEWAY_LINGER_MS: '2000' });
  const everything = { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: { SB_TEST_MARKER: world.marker } };
  writeFileSync(join(world.home, '.claude.json'), JSON.stringify({ mcpServers: { everything } }, null, 2));
  const many = Object.fromEntries(Array.from({ length: servers }, (_, i) => [`tools${i}`, { command: process.execPath, args: [TOOLS_SERVER], env: { SB_TEST_MARKER: world.marker } }]));
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  writeFileSync(join(world.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: many }, null, 2));
  return world;
}

const stdioDoor = (world: TempWorld, host: string): StdioClientTransport => {
  const t = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', host], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
  t.stderr?.on('data', () => undefined);
  return t;
};

/**
 * Run the gateway bench (`small`: 40 echo calls per side, 2 tool-heavy servers and 20 lists) and
 * print each line. Throws when a side fails, a call is lost or a result is mixed up.
 */
export async function runGatewayBench(small: boolean, print: (line: string) => void): Promise<BenchResult[]> {
  ensureCliBuild();
  const calls = small ? 40 : 1000;
  const servers = small ? 2 : 10;
  const lists = small ? 20 : 200;
  const concurrent = 100;
  const world = benchWorld(servers);
  const sides: Side[] = [];
  const children: ChildProcess[] = [];
  const out: BenchResult[] = [];
  const add = (r: BenchResult): void => {
    out.push(r);
    print(formatResult(r));
  };
  try {
    // The stdio door starts the headless owner (its servers settled before the door answers).
    const door = await clientSide('stdio door', stdioDoor(world, 'claude-code'), 'everything_echo');
    sides.push(door);
    await until('everything_echo through the stdio door', async () => (await door.client.listTools()).tools.some((t) => t.name === 'everything_echo'));
    const rawTransport = new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], stderr: 'pipe' });
    rawTransport.stderr?.on('data', () => undefined);
    const raw = await clientSide('raw SDK client', rawTransport, 'echo');
    sides.push(raw);

    const printed = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-http', '--show-token']);
    const [url = '', token = ''] = printed.stdout.trim().split('\n');
    if (printed.code !== 0 || !url.startsWith('http://') || token === '') throw new Error(`gateway --print-http failed (${printed.code}): ${printed.stderr}`);
    const http = await clientSide('HTTP door', new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }), 'everything_echo');
    sides.push(http);

    const peerEnv = envOf(world.env);
    const everythingCmd = `${process.execPath} ${EVERYTHING_SCRIPT} stdio`;
    const sg = await peer('supergateway', (port) => ['--stdio', everythingCmd, '--outputTransport', 'streamableHttp', '--stateful', '--port', String(port), '--logLevel', 'none'], peerEnv);
    children.push(sg.child);
    const supergateway = await clientSide('supergateway', new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${sg.port}/mcp`)), 'echo');
    sides.push(supergateway);

    const hubConfig = join(world.root, 'mcp-hub.json');
    writeFileSync(hubConfig, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: { SB_TEST_MARKER: world.marker } } } }));
    const hub = await peer('mcp-hub', (port) => ['--port', String(port), '--config', hubConfig], peerEnv);
    children.push(hub.child);
    let hubTool = '';
    let hubSide: (Side & { client: Client }) | undefined;
    await until(`mcp-hub listing everything's echo (${hub.output()})`, async () => {
      hubSide ??= await clientSide('mcp-hub', new SSEClientTransport(new URL(`http://127.0.0.1:${hub.port}/mcp`)), '');
      hubTool = (await hubSide.client.listTools()).tools.find((t) => /echo$/.test(t.name) && t.name.includes('everything'))?.name ?? '';
      return hubTool !== '';
    });
    if (!hubSide) throw new Error('mcp-hub: no client');
    const mcpHub = sideOf(hubSide.client, 'mcp-hub', hubTool);
    sides.push(mcpHub);

    // Echo: every side answers its own text first, then warms up, then the timed calls.
    const echoSides = [raw, door, http, supergateway, mcpHub];
    for (const s of echoSides) await checkedEcho(s, `check ${s.name}`);
    await rotatedCalls(40, echoSides.map((s) => () => s.call('bench')));
    const times = await rotatedCalls(calls, echoSides.map((s) => () => s.call('bench')));
    const [direct, viaDoor, viaHttp, viaSg, viaHub] = times.map((t) => stats(t));
    if (!direct || !viaDoor || !viaHttp || !viaSg || !viaHub) throw new Error('gateway bench: a side has no times');
    add(row(`gateway stdio door echo median (${calls} calls; raw: SDK client over stdio)`, 'ms', viaDoor.median, direct.median, GATEWAY_TARGETS.echoMedian));
    add(row(`gateway stdio door echo p99 (${calls} calls; raw: SDK client over stdio)`, 'ms', viaDoor.p99, direct.p99, GATEWAY_TARGETS.echoP99));
    add(row(`gateway HTTP door echo median vs supergateway 4.0.0 (streamableHttp, stateful)`, 'ms', viaHttp.median, viaSg.median, GATEWAY_TARGETS.peer));
    add(row(`gateway HTTP door echo p99 vs supergateway 4.0.0`, 'ms', viaHttp.p99, viaSg.p99));
    add(row(`gateway HTTP door echo median vs mcp-hub 4.2.1 (/mcp, HTTP+SSE)`, 'ms', viaHttp.median, viaHub.median, GATEWAY_TARGETS.peer));
    add(row(`gateway HTTP door echo p99 vs mcp-hub 4.2.1`, 'ms', viaHttp.p99, viaHub.p99));
    add(row(`for comparison, gateway HTTP door echo median (raw: SDK client over stdio)`, 'ms', viaHttp.median, direct.median));
    print(
      `  echo median / p99 side by side (ms): raw stdio ${round(direct.median)} / ${round(direct.p99)}; stdio door ${round(viaDoor.median)} / ${round(viaDoor.p99)}; ` +
        `HTTP door ${round(viaHttp.median)} / ${round(viaHttp.p99)}; supergateway ${round(viaSg.median)} / ${round(viaSg.p99)}; mcp-hub ${round(viaHub.median)} / ${round(viaHub.p99)}`,
    );

    // 100 concurrent calls through each door (a warm-up batch first): each answer is its own text.
    for (const s of [door, http, raw]) {
      await Promise.all(Array.from({ length: concurrent }, (_, i) => checkedEcho(s, `${s.name} warm #${i}`)));
      const t = performance.now();
      await Promise.all(Array.from({ length: concurrent }, (_, i) => checkedEcho(s, `${s.name} #${i}`)));
      const ms = performance.now() - t;
      if (s !== raw) {
        const t2 = performance.now();
        await Promise.all(Array.from({ length: concurrent }, (_, i) => checkedEcho(raw, `raw #${i}`)));
        add(row(`gateway ${s.name}: ${concurrent} concurrent echo calls, all answered with their own text (raw: SDK client over stdio)`, 'ms', ms, performance.now() - t2));
      }
    }

    // tools/list of N × 100 tools through Cursor's aggregated door, warm.
    const cursor = await clientSide('stdio door (cursor)', stdioDoor(world, 'cursor'), '');
    sides.push(cursor);
    const want = servers * 100;
    await until(`${want} tools through Cursor's door`, async () => (await cursor.client.listTools()).tools.length === want);
    const raws = await Promise.all(
      Array.from({ length: servers }, async (_, i) => {
        const t = new StdioClientTransport({ command: process.execPath, args: [TOOLS_SERVER], stderr: 'pipe' });
        t.stderr?.on('data', () => undefined);
        return clientSide(`raw tools${i}`, t, '');
      }),
    );
    sides.push(...raws);
    const listDoor = async (): Promise<void> => {
      const n = (await cursor.client.listTools()).tools.length;
      if (n !== want) throw new Error(`Cursor's door listed ${n} tools, not ${want}`);
    };
    const listRaw = async (): Promise<void> => {
      const n = (await Promise.all(raws.map((r) => r.client.listTools()))).reduce((sum, l) => sum + l.tools.length, 0);
      if (n !== want) throw new Error(`the raw clients listed ${n} tools, not ${want}`);
    };
    await rotatedCalls(10, [listDoor, listRaw]);
    const [door10, raw10] = (await rotatedCalls(lists, [listDoor, listRaw])).map((t) => stats(t));
    if (!door10 || !raw10) throw new Error('gateway bench: no list times');
    const listRow = row(`gateway tools/list of ${servers} servers × 100 tools, warm, median of ${lists} (raw: SDK clients listing the ${servers} servers in parallel)`, 'ms', door10.median, raw10.median);
    out.push(listRow);
    print(`${formatResult(listRow)} (target ≤ ${GATEWAY_TARGETS.toolsListMs} ms, ${door10.median <= GATEWAY_TARGETS.toolsListMs ? 'met' : 'MISSED'}; p99 ${round(door10.p99)} ms)`);
    print(`(load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores during the gateway runs)`);
    return out;
  } finally {
    for (const s of sides) await s.close().catch(() => undefined);
    for (const c of children) await killTree(c).catch(() => undefined);
    world.cleanup();
  }
}
