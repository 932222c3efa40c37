/**
 * The owner keeps its web session across restarts (issue 27 item 5; owner-listen.ts,
 * docs/faces-and-ownership.md "An open tab when the owner restarts"). Real owners (`startOwner`, real
 * cores, real 127.0.0.1 listeners) over temp data folders: a restarted owner has the same port and
 * token; `newToken` (serve --new-token) refuses the old token; an owner of ANOTHER data folder on
 * that port refuses it too; a kept port taken meanwhile → another port, said, and kept from then on.
 */
import { createServer, type Server } from 'node:net';
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REDEEM_PATH, SESSION_PATH, SESSION_TOKEN_HEADER, TICKET_HEADER, TICKET_PATH, WS_PATH } from '../../src-shared/api/wire.js';
import { makeWorld, type TempWorld } from '../core/composition/test-world.js';
import { keptSessionFile, readKeptSession } from './kept-session.js';
import type { RunningOwner } from './start-owner.js';
import { startTestOwner } from './test-fixtures.js';

const worlds: TempWorld[] = [];
const owners: RunningOwner[] = [];
let blocker: Server | undefined;
afterEach(async () => {
  for (const o of owners.splice(0)) await o.close();
  blocker?.close();
  for (const w of worlds.splice(0)) w.cleanup();
});

/**
 * Start an owner of `world` like `serve` does (mode web, its page served from the empty project
 * folder, so it starts the MCP Apps sandbox whose port is kept too); `said` collects its warnings.
 */
async function own(world: TempWorld, said: string[], extra: { port?: number; newToken?: boolean } = {}): Promise<RunningOwner> {
  const owner = await startTestOwner(world, (t) => said.push(t), { ...extra, staticDir: world.project });
  owners.push(owner);
  await owner.started;
  return owner;
}

async function restart(owner: RunningOwner): Promise<void> {
  await owner.close();
  owners.splice(owners.indexOf(owner), 1);
}

/** What `GET /session` answers for `token` on `port`. */
const sessionStatus = async (port: number, token: string): Promise<number> =>
  (await fetch(`http://127.0.0.1:${port}${SESSION_PATH}`, { headers: { [SESSION_TOKEN_HEADER]: token } })).status;

/** A one-time ticket from the owner on `port` (issued for `token`). */
const ticketFrom = async (port: number, token: string): Promise<string> =>
  ((await (await fetch(`http://127.0.0.1:${port}${TICKET_PATH}`, { method: 'POST', headers: { [SESSION_TOKEN_HEADER]: token } })).json()) as { ticket: string }).ticket;

/** What redeeming `ticket` on `port` answers: the status and the body. */
const redeem = async (port: number, ticket: string): Promise<{ status: number; body: string }> => {
  const res = await fetch(`http://127.0.0.1:${port}${REDEEM_PATH}`, { method: 'POST', headers: { [TICKET_HEADER]: ticket } });
  return { status: res.status, body: await res.text() };
};

/** Whether a WebSocket with `token` opens on `port` ('open') or is refused (the HTTP status). */
const socketWith = (port: number, token: string): Promise<string> =>
  new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?token=${encodeURIComponent(token)}`);
    ws.once('open', () => (ws.close(), resolve('open')));
    ws.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    ws.once('error', () => resolve('error'));
  });

describe('the kept session', () => {
  it('a restarted owner has the same port and token; --new-token refuses the old one; another data folder on that port refuses it too', async () => {
    const a = makeWorld();
    const b = makeWorld();
    worlds.push(a, b);
    const said: string[] = [];

    const first = await own(a, said);
    const { port, token, sandboxOrigin } = first.host;
    const sandboxPort = Number(new URL(sandboxOrigin ?? 'missing:').port);
    expect(statSync(keptSessionFile(a.dataDir)).mode & 0o777).toBe(0o600);
    expect(readKeptSession(a.dataDir, (t) => said.push(t))).toEqual({ token, port, sandboxPort });
    const unused = await ticketFrom(port, token);
    await restart(first);

    const second = await own(a, said);
    // The MCP Apps sandbox keeps its port too (trial 13 item 10).
    expect({ port: second.host.port, token: second.host.token, sandboxOrigin: second.host.sandboxOrigin }).toEqual({ port, token, sandboxOrigin });
    expect(await sessionStatus(port, token)).toBe(204);
    expect(await socketWith(port, token)).toBe('open');
    // `switchboard open`'s one-time tickets work with the kept token; one from before the restart does not outlive its owner.
    expect(await redeem(port, unused)).toEqual({ status: 401, body: '' });
    expect(await redeem(port, await ticketFrom(port, token))).toEqual({ status: 200, body: JSON.stringify({ token }) });
    await restart(second);

    // serve --new-token: the same port, a new token; the old one is refused.
    const fresh = await own(a, said, { newToken: true });
    expect(fresh.host.port).toBe(port);
    expect(fresh.host.token).not.toBe(token);
    expect(await sessionStatus(port, token)).toBe(401);
    expect(await socketWith(port, token)).toBe('401');
    expect(readKeptSession(a.dataDir, (t) => said.push(t))).toEqual({ token: fresh.host.token, port, sandboxPort });
    const keptA = fresh.host.token;
    await restart(fresh);

    // Another data folder (another SWITCHBOARD_HOME) on the same port: its own token; A's is refused.
    const other = await own(b, said, { port });
    expect(other.host.port).toBe(port);
    expect(other.host.token).not.toBe(keptA);
    expect(await sessionStatus(port, keptA)).toBe(401);
    expect(await socketWith(port, keptA)).toBe('401');
    expect(said).toEqual([]);
  }, 120_000);

  it('a kept port taken meanwhile: another port, said, and kept from then on', async () => {
    const a = makeWorld();
    worlds.push(a);
    const said: string[] = [];
    const first = await own(a, said);
    const { port, token } = first.host;
    await restart(first);
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(port, '127.0.0.1', resolve));

    const moved = await own(a, said);
    expect(moved.host.port).not.toBe(port);
    expect(moved.host.token).toBe(token);
    expect(said).toEqual([`Port ${port}, where this Switchboard ran before, is taken; it now runs on port ${moved.host.port}. A page still open at the old address cannot follow: run "switchboard open".`]);
    expect(readKeptSession(a.dataDir, () => undefined)).toEqual({ token, port: moved.host.port, sandboxPort: Number(new URL(moved.host.sandboxOrigin ?? 'missing:').port) });
  }, 120_000);
});
