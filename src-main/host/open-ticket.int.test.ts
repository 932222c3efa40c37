/**
 * `switchboard open` keeps the session token off every command line (issue 26 item 4; docs/security.md
 * "Opening the web UI"): it handed the browser `/?token=<token>`, readable by every local user in
 * /proc/<pid>/cmdline. A real `switchboard serve`, and a stub browser (`xdg-open` first on PATH, as
 * the CLI's opener finds it) that records the address it was given and stays alive meanwhile: no
 * process's command line holds the token; the page's one-time ticket is traded for the token once,
 * never twice.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEEM_PATH, SESSION_TOKEN_HEADER, TICKET_HEADER, TICKET_PATH } from '../../src-shared/api/wire.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { endServedOwner, startServedOwner, type ServedOwner } from './fixtures/served-owner.js';

let world: TempWorld;
let owner: ServedOwner | undefined;
let opened: string;
let stubPid: number | undefined;

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, {});
  const bin = join(world.root, 'bin');
  mkdirSync(bin, { recursive: true });
  opened = join(world.root, 'opened.txt');
  // The stub browser: records its pid and address, then stays alive with the address on its command line.
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s %s\\n' "$$" "$1" >> "${opened}"\nsleep 60\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  world.env.PATH = `${bin}:${world.env.PATH ?? ''}`;
  owner = await startServedOwner(world);
}, 180_000);

afterAll(async () => {
  if (stubPid !== undefined) {
    try {
      process.kill(stubPid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await endServedOwner(owner, world);
});

/** Every process's command line this user can read (Linux /proc), NUL separators as spaces. */
function commandLines(): { pid: number; line: string }[] {
  const out: { pid: number; line: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      out.push({ pid: Number(name), line: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // ended meanwhile, or not readable
    }
  }
  return out;
}

const post = (port: number, path: string, headers: Record<string, string>): Promise<Response> =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers });

describe.skipIf(process.platform !== 'linux')('switchboard open (Linux only: reads every process command line from /proc)', () => {
  it('opens the browser with a one-time ticket: the token is on no command line; the ticket works once', async () => {
    const endpoint = readLiveEndpoint(world.dataDir)!;
    const run = await runSwitchboard(world, ['open']);
    expect(run.code).toBe(0);
    expect(await waitFor(() => existsSync(opened) && readFileSync(opened, 'utf8').endsWith('\n'), 30_000)).toBe(true);
    const [pid, address] = readFileSync(opened, 'utf8').trim().split(' ');
    stubPid = Number(pid);
    const url = new URL(address!);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:${endpoint.port}/`);
    expect([...url.searchParams.keys()]).toEqual(['ticket']);
    const ticket = url.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The browser (still running) carries the ticket on its command line; no process carries the token.
    const lines = commandLines();
    expect(lines.find((l) => l.pid === stubPid)?.line).toContain(`?ticket=${ticket}`);
    expect(lines.filter((l) => l.line.includes(endpoint.token)).map((l) => l.line)).toEqual([]);

    // The page trades the ticket for the token once; a second time (an onlooker who read it) gets nothing.
    const first = await post(endpoint.port, REDEEM_PATH, { [TICKET_HEADER]: ticket });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ token: endpoint.token });
    const second = await post(endpoint.port, REDEEM_PATH, { [TICKET_HEADER]: ticket });
    expect(second.status).toBe(401);
    expect(await second.text()).toBe('');
  }, 120_000);

  it('a ticket is issued only for the token, over POST; a foreign page cannot redeem one', async () => {
    const endpoint = readLiveEndpoint(world.dataDir)!;
    expect((await post(endpoint.port, TICKET_PATH, {})).status).toBe(401);
    expect((await post(endpoint.port, TICKET_PATH, { [SESSION_TOKEN_HEADER]: 'wrong' })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${endpoint.port}${REDEEM_PATH}`)).status).toBe(405);
    const issued = await post(endpoint.port, TICKET_PATH, { [SESSION_TOKEN_HEADER]: endpoint.token });
    const { ticket, expiresInMs } = (await issued.json()) as { ticket: string; expiresInMs: number };
    expect(expiresInMs).toBe(60_000);
    expect((await post(endpoint.port, REDEEM_PATH, { [TICKET_HEADER]: ticket, Origin: 'http://evil.example' })).status).toBe(403);
    // Refused requests do not use the ticket up.
    expect((await post(endpoint.port, REDEEM_PATH, { [TICKET_HEADER]: ticket, Origin: `http://127.0.0.1:${endpoint.port}` })).status).toBe(200);
  }, 60_000);

  it('--no-browser prints the lasting address for the terminal, as serve does, and opens nothing', async () => {
    const endpoint = readLiveEndpoint(world.dataDir)!;
    const before = readFileSync(opened, 'utf8');
    const run = await runSwitchboard(world, ['open', '--no-browser']);
    expect(run).toMatchObject({ code: 0, stdout: `Switchboard is running at http://127.0.0.1:${endpoint.port}/?token=${endpoint.token}\n` });
    expect(readFileSync(opened, 'utf8')).toBe(before);
  }, 60_000);
});
