/**
 * A remote server that accepts the connection and never answers explains itself while the attempt
 * waits (issue 14 trial finding; docs/connections-supervision.md "A server that does not answer").
 * Failing input: a real socket on 127.0.0.1 that accepts and never answers showed a bare
 * `connecting` for the whole connect timeout, the reason only in the log. Now the status carries a
 * typed reason (retryable `timeout`, a hint, the request it waits on, when the attempt gives up)
 * well before the attempt gives up — in the manager's runtime and the core's snapshot (`status
 * --json`; the CLI's text from it is pinned in format.test.ts).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ServersSnapshotSchema, type ServersSnapshot } from '../../../../src-shared/api/status.js';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { trackCores } from '../../composition/test-cores.js';
import { makeWorld, writeOwnServers } from '../../composition/test-world.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from '../testing/test-helpers.js';
import type { ServerRuntime } from '../manager/types.js';

/** Long enough that the attempt is still waiting when the test has seen the reason. */
const TIMEOUT_MS = 120_000;

/**
 * A TCP server on 127.0.0.1 that accepts every connection and never writes a byte, closed with its
 * sockets when the test finishes. Returns its URL.
 */
async function silentServer(onTestFinished: (fn: () => Promise<void>) => void): Promise<string> {
  const sockets: Socket[] = [];
  const silent: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  onTestFinished(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
  const address = silent.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/mcp`;
}

/** Resolves with the first runtime of `emitter`'s status events that `match`es. */
function statusWhere(m: McpManager, match: (rt: ServerRuntime) => boolean): Promise<ServerRuntime> {
  return new Promise((resolve) => {
    const on = (rt: ServerRuntime): void => {
      if (!match(rt)) return;
      m.off('status', on);
      resolve(rt);
    };
    m.on('status', on);
  });
}

const cores = trackCores();

// The two manager tests wait ~3 s each for the stall mark, at the same time (each has its own
// server and manager); the core's test after them (trackCores ends its core after each test).
describe.concurrent('a remote server that accepts and never answers', () => {
  for (const protocol of ['auto', 'legacy'] as const) {
    it(`(${protocol}) says why while the attempt waits, typed, well before it gives up`, async ({ onTestFinished }) => {
      const url = await silentServer(onTestFinished);
      const manager = new McpManager();
      onTestFinished(() => manager.dispose());
      const stalled = statusWhere(manager, (rt) => rt.connectWait?.stalled === true);
      await manager.reconcile([{ definition: testDefinition({ name: 'silent', transport: 'http', url, timeout: TIMEOUT_MS, protocol }), desired: 'run' }]);
      const rt = await stalled;
      // Still the same attempt: it has not given up (it would be `error` with a timeout message).
      expect(rt.status).toBe('connecting');
      expect(manager.runtime('silent')!.status).toBe('connecting');
      expect(rt.failure).toEqual({ code: 'timeout', retryable: true, hint: expect.stringMatching(/has not answered .*gives up after 120000 ms/) });
      const request = protocol === 'legacy' ? 'initialize' : 'server/discover';
      expect(rt.lastError).toBe(`no answer to ${request} yet`);
      expect(rt.connectWait).toMatchObject({ waitingFor: request, stalled: true });
      expect(rt.connectWait!.givesUpAt - rt.connectWait!.startedAt).toBe(TIMEOUT_MS);
      expect(rt.connectWait!.givesUpAt).toBeGreaterThan(Date.now());
      expect(manager.logs('silent').map((l) => l.text)).toContainEqual(expect.stringMatching(new RegExp(`^no answer to ${request} yet after \\d+ s \\(this attempt gives up after 120 s\\)$`)));
    }, 120_000);
  }
});

describe('a remote server that accepts and never answers, in the core', () => {
  it('the core snapshot (status --json; the CLI text printed from it is pinned in format.test.ts) carries it', async ({ onTestFinished }) => {
    const url = await silentServer(onTestFinished);
    const world = makeWorld();
    writeOwnServers(world, { silent: { type: 'http', url, timeout: TIMEOUT_MS, protocol: 'legacy' } });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0.0.0', referenceServer: { command: process.execPath, args: ['-e', '0'] } });
    cores.push({ world, core });
    const seen = new Promise<ServersSnapshot>((resolve) => {
      core.subscribe((event, payload) => {
        const snapshot = event === 'servers:changed' ? (payload as ServersSnapshot) : undefined;
        if (snapshot?.servers.find((s) => s.server.name === 'silent')?.connectWait?.stalled) resolve(snapshot);
      });
    });
    await core.start();
    await seen;
    const r = await core.handlers['servers:list']({});
    if (!r.ok) throw new Error(r.error.message);
    const snapshot = ServersSnapshotSchema.parse(JSON.parse(JSON.stringify(r.data)));
    const state = snapshot.servers.find((s) => s.server.name === 'silent')!;
    expect(state).toMatchObject({ status: 'connecting', lastError: 'no answer to initialize yet', failure: { code: 'timeout', retryable: true }, connectWait: { waitingFor: 'initialize', stalled: true } });
  }, 120_000);
});
