/**
 * A real owner takes the data folder over from the headless owner a gateway door started
 * (docs/faces-and-ownership.md "Taking over from a headless owner", docs/gateway.md § The owner's
 * lifetime), with real parts: the SDK v2 client spawns the BUILT CLI door `switchboard gateway
 * --host claude-code`, which starts a headless owner; `switchboard open` says it has no UI (no URL);
 * `switchboard serve` then starts (before: refused, exit 2), the headless owner exits (/proc), the
 * door reconnects to `serve` by itself and its next `tools/list` is answered by it, and no second
 * headless owner appears; `open` now prints serve's address.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, runSwitchboard, stubRenderer, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';
import { HANDOVER_FILE } from '../owner/owner-handover.js';
import { processCommandLine } from '../owner/owner-takeover.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { endServedOwner, startServedOwner, type ServedOwner } from './fixtures/served-owner.js';
import { envOf } from './test-gateway-door.js';

let world: GatewayWorld['world'] | undefined;
let served: ServedOwner | undefined;
let client: Client | undefined;

/** The headless owners running for the project `project` (their command line says so: /proc). */
const headlessOwners = (project: string): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const cmd = processCommandLine(pid);
      return cmd !== undefined && cmd.includes('--headless-owner') && cmd.includes(project);
    });

afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
  // A failed run may leave the headless owner (long linger here): stop it.
  const left = world ? headlessOwners(world.project) : [];
  for (const pid of left) process.kill(pid, 'SIGTERM');
  await waitFor(() => left.every((pid) => !existsSync(`/proc/${pid}`)), 30_000);
  await endServedOwner(served, world);
  served = undefined;
  world = undefined;
});

describe('serve takes the folder over from a headless owner (issue 30 item 5)', () => {
  it('the headless owner hands over, the door follows serve, and no second headless owner starts', async () => {
    const w = makeGatewayWorld().world;
    world = w;
    // Long enough that the headless owner never lingers out during the test.
    w.env.SWITCHBOARD_GATEWAY_LINGER_MS = '120000';
    stubRenderer(w);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'], env: envOf(w.env), cwd: w.project, stderr: 'pipe' });
    let log = '';
    transport.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    client = new Client({ name: 'gateway-handover-test', version: '1.0.0' });
    await client.connect(transport);
    const before = (await client.listTools()).tools.map((t) => t.name);
    expect(before).toContain('everything_echo');
    const headless = readLiveEndpoint(w.dataDir);
    expect(headless?.headless).toBe(true);
    const headlessPid = headless?.pid ?? 0;
    expect(headlessOwners(w.project)).toEqual([headlessPid]);

    // `open` against it: no URL that would answer 404, the way to a window instead.
    const open = await runSwitchboard(w, ['open', '--no-browser']);
    expect(open.code).toBe(2);
    expect(open.stdout).toBe('');
    expect(open.stderr.trim()).toBe(
      `The running Switchboard (pid ${headlessPid}) is a headless one a gateway door started: it has no window or web UI. Run "switchboard serve" (or start the desktop app): it takes the data folder over, and the doors follow it.`,
    );

    // Before: "Another Switchboard (pid N) already owns this data folder", exit 2 (startServedOwner would fail).
    served = await startServedOwner(w);
    const servePid = served.child.pid ?? 0;
    expect(readLiveEndpoint(w.dataDir)?.pid).toBe(servePid);
    expect(readLiveEndpoint(w.dataDir)?.headless).toBeUndefined();
    expect(existsSync(`/proc/${headlessPid}`)).toBe(false);
    expect(existsSync(join(w.dataDir, HANDOVER_FILE))).toBe(false);

    // The door reconnects to serve by itself and lists the same tools through it.
    expect(await waitFor(() => log.includes(`reconnected to the Switchboard owner (pid ${servePid})`), 60_000)).toBe(true);
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after).toEqual(before);
    const echoed = await client.callTool({ name: 'everything_echo', arguments: { message: 'after the hand-over' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: after the hand-over' }]);
    expect(log).not.toContain('a headless one started for it');
    expect(headlessOwners(w.project)).toEqual([]);
    expect(readLiveEndpoint(w.dataDir)?.pid).toBe(servePid);

    // `open` now names serve's address.
    const reopened = await runSwitchboard(w, ['open', '--no-browser']);
    expect(reopened.code).toBe(0);
    expect(reopened.stdout).toContain(`Switchboard is running at http://127.0.0.1:${readLiveEndpoint(w.dataDir)?.port ?? 0}/?`);
  }, 240_000);
});
