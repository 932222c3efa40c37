/**
 * Issue 30 item 5, the owner's lifetime, with real parts: the SDK v2 client spawns the BUILT CLI
 * door `switchboard gateway --host claude-code` in a temp world (gateway test world: Claude Code's
 * server-everything and server-memory). (a) With no owner the door starts a headless owner in a
 * separate process (the pid in the data folder's endpoint is not the door's) that outlives the door
 * and exits after the linger (`SWITCHBOARD_GATEWAY_LINGER_MS`, short here). (b) `kill -9` of the
 * owner: the call in flight gets the clear error, the door reconnects to a new owner by itself and
 * the next call succeeds with the same tool list. (c) A page of the web UI attached keeps the
 * headless owner after the door leaves; with `serve` owning the folder the door attaches to it and
 * `serve` stays.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_PARAM, WS_PATH } from '../../src-shared/api/wire.js';
import { processesWithMarker, stubRenderer, waitFor, CLI_BIN } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { OWNER_GONE_MESSAGE } from './cli/gateway-owner.js';
import { endServedOwner, startServedOwner, type ServedOwner } from './fixtures/served-owner.js';

const LINGER_MS = 3000;

let world: GatewayWorld['world'] | undefined;
let served: ServedOwner | undefined;
const clients: Client[] = [];

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  const w = world;
  world = undefined;
  if (!w) return;
  const owner = readLiveEndpoint(w.dataDir);
  // A headless owner is ended here; `serve` is ended by endServedOwner (waiting here for it to die,
  // unasked, cost the serve test 30 s).
  if (owner && owner.pid !== served?.child.pid) {
    process.kill(owner.pid, 'SIGTERM');
    await waitFor(() => !alive(owner.pid), 30_000);
  }
  await endServedOwner(served, w);
  served = undefined;
});

const envOf = (env: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

/** A client on a new door of `w`; its stderr is collected in `log.text`. */
async function door(w: GatewayWorld['world']): Promise<{ client: Client; transport: StdioClientTransport; log: { text: string } }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'], env: envOf(w.env), cwd: w.project, stderr: 'pipe' });
  const log = { text: '' };
  transport.stderr?.on('data', (d: Buffer) => (log.text += d.toString()));
  const client = new Client({ name: 'gateway-owner-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return { client, transport, log };
}

/** A fresh gateway world with a short linger. */
function lingeringWorld(): GatewayWorld['world'] {
  const made = makeGatewayWorld().world;
  made.env.SWITCHBOARD_GATEWAY_LINGER_MS = String(LINGER_MS);
  world = made;
  return made;
}

describe('the gateway’s owner lifetime (issue 30 item 5)', () => {
  it('starts a headless owner in its own process that outlives the door and exits after the linger', async () => {
    const w = lingeringWorld();
    const { client, transport, log } = await door(w);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything_echo');
    const owner = readLiveEndpoint(w.dataDir);
    expect(owner).toBeDefined();
    const doorPid = transport.pid;
    expect(typeof doorPid).toBe('number');
    expect(owner?.pid).not.toBe(doorPid);
    expect(log.text).toContain(`switchboard gateway: claude-code via a headless Switchboard started for it (pid ${owner?.pid})`);
    const ownerPid = owner?.pid ?? 0;

    await client.close();
    expect(await waitFor(() => !alive(doorPid ?? 0), 30_000)).toBe(true);
    // The door is gone; the owner is still there, within the linger…
    expect(alive(ownerPid)).toBe(true);
    expect(readLiveEndpoint(w.dataDir)?.pid).toBe(ownerPid);
    // …and gone after it, its servers with it.
    expect(await waitFor(() => !alive(ownerPid), 60_000)).toBe(true);
    expect(readLiveEndpoint(w.dataDir)).toBeUndefined();
    expect(await waitFor(() => processesWithMarker(w.marker).length === 0, 30_000)).toBe(true);
  }, 180_000);

  it('after kill -9 of the owner, the call in flight gets the clear error and the door reconnects by itself', async () => {
    const w = lingeringWorld();
    const { client, log } = await door(w);
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).toContain('everything_trigger-long-running-operation');
    const first = readLiveEndpoint(w.dataDir)?.pid ?? 0;
    expect(first).toBeGreaterThan(0);

    const inFlight = client.callTool({ name: 'everything_trigger-long-running-operation', arguments: { duration: 30, steps: 3 } });
    await new Promise((r) => setTimeout(r, 2000));
    process.kill(first, 'SIGKILL');
    expect(await inFlight).toEqual({ content: [{ type: 'text', text: OWNER_GONE_MESSAGE }], isError: true });

    // The next calls succeed once the door has a new owner (the host never restarted it).
    let echoed: Awaited<ReturnType<Client['callTool']>> | undefined;
    expect(
      await waitFor(async () => {
        const r = await client.callTool({ name: 'everything_echo', arguments: { message: 'back' } });
        if (r.isError) return false;
        echoed = r;
        return true;
      }, 120_000, 500),
    ).toBe(true);
    expect(echoed?.content).toEqual([{ type: 'text', text: 'Echo: back' }]);
    const second = readLiveEndpoint(w.dataDir)?.pid ?? 0;
    expect(second).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(before);
    expect(log.text).toContain('switchboard gateway: the Switchboard owner went away; reconnecting');
    expect(log.text).toContain(`switchboard gateway: reconnected to the Switchboard owner (pid ${second}, a headless one started for it)`);
  }, 240_000);

  it('a page of the web UI attached keeps the headless owner after the door leaves; it exits after the page goes', async () => {
    const w = lingeringWorld();
    const { client, transport } = await door(w);
    await client.listTools();
    const owner = readLiveEndpoint(w.dataDir);
    expect(owner).toBeDefined();
    const { port, token, pid } = owner ?? { port: 0, token: '', pid: 0 };
    // A browser page: it sends its Origin.
    const page = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?${TOKEN_PARAM}=${token}`, { headers: { Origin: `http://127.0.0.1:${port}` } });
    await new Promise<void>((resolve, reject) => {
      page.once('open', () => resolve());
      page.once('error', reject);
    });
    const doorPid = transport.pid ?? 0;
    await client.close();
    expect(await waitFor(() => !alive(doorPid), 30_000)).toBe(true);
    await new Promise((r) => setTimeout(r, LINGER_MS * 2));
    expect(alive(pid)).toBe(true);
    page.close();
    expect(await waitFor(() => !alive(pid), 60_000)).toBe(true);
  }, 180_000);

  it('with serve owning the folder, the door attaches to it and serve stays after the door leaves', async () => {
    const w = lingeringWorld();
    stubRenderer(w);
    served = await startServedOwner(w);
    const servePid = served.child.pid ?? 0;
    const { client, log } = await door(w);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('everything_echo');
    expect(log.text).toContain(`switchboard gateway: claude-code via the running Switchboard (pid ${servePid})`);
    await client.close();
    await new Promise((r) => setTimeout(r, LINGER_MS * 2));
    expect(alive(servePid)).toBe(true);
    expect(readLiveEndpoint(w.dataDir)?.pid).toBe(servePid);
  }, 240_000);
});
