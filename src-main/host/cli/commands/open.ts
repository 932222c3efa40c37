/**
 * `switchboard open [--no-browser]` (docs/faces-and-ownership.md "An open tab when the owner goes"): the
 * address of the running Switchboard's web UI — printed, and opened in the browser unless
 * `--no-browser`. The browser gets a one-time ticket, never the session token (issue 26 item 4;
 * docs/security.md "Opening the web UI"): a browser's command line is readable by every local user
 * (/proc/<pid>/cmdline), so the page is opened at `/?ticket=…`, which it trades for the token once
 * within 60 s. The printed address (for the person's own terminal, as `serve` prints) keeps the
 * token. A tab whose Switchboard stopped or moved names this verb: a restarted owner keeps its token
 * and port (session.json, owner-listen.ts) and the tab follows it, but after `serve --new-token` or a
 * move to another port (the kept one was taken) the old address never works again. The desktop
 * app's UI is its window; a headless owner a gateway door started has none (exit 2, no address: its
 * URL would answer 404; `serve` takes over from it, owner-handover.ts); without a running
 * Switchboard, exit 2 and say how to start one.
 */
import { SESSION_TOKEN_HEADER, TICKET_PARAM, TICKET_PATH, TOKEN_PARAM } from '../../../../src-shared/api/wire.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { openInBrowser } from '../open-browser.js';
import { attachOwner } from '../owner-link.js';

/** `switchboard open`: 0 with the URL printed; 2 without a running web-mode Switchboard. */
export async function runOpen(ctx: CliContext): Promise<number> {
  // Attached, not just read from endpoint.json: the address printed is one that answers now.
  const owner = await attachOwner(ctx);
  if (!owner) {
    ctx.io.err('No Switchboard is running for this data folder. Start one with "switchboard serve": it prints the address to open.');
    return EXIT.FAILURE;
  }
  owner.api.close();
  const { endpoint } = owner;
  if (endpoint.headless) {
    ctx.io.err(`The running Switchboard (pid ${endpoint.pid}) is a headless one a gateway door started: it has no window or web UI. Run "switchboard serve" (or start the desktop app): it takes the data folder over, and the doors follow it.`);
    return EXIT.FAILURE;
  }
  if (endpoint.mode !== 'web') {
    ctx.io.err(`The running Switchboard is the desktop app (pid ${endpoint.pid}): its window is the UI.`);
    return EXIT.FAILURE;
  }
  const url = `http://127.0.0.1:${endpoint.port}/?${TOKEN_PARAM}=${endpoint.token}`;
  if (ctx.cli.json) ctx.io.out(JSON.stringify({ url, port: endpoint.port, pid: endpoint.pid, projectDir: endpoint.projectDir }));
  else ctx.io.out(`Switchboard is running at ${url}`);
  if (ctx.cli.flags['no-browser']) return EXIT.OK;
  const ticket = await issueTicket(endpoint.port, endpoint.token);
  if (ticket === undefined) {
    ctx.io.err('Switchboard gave no one-time link to open (it may be stopping): open the address above yourself.');
    return EXIT.FAILURE;
  }
  await openInBrowser(`http://127.0.0.1:${endpoint.port}/?${TICKET_PARAM}=${encodeURIComponent(ticket)}`);
  return EXIT.OK;
}

/** A one-time ticket from the web host at `port` (the token goes in a header, never in a URL); undefined when refused or unreachable. */
async function issueTicket(port: number, token: string): Promise<string | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${TICKET_PATH}`, { method: 'POST', headers: { [SESSION_TOKEN_HEADER]: token } });
    if (res.status !== 200) return undefined;
    const body = (await res.json()) as { ticket?: unknown };
    return typeof body.ticket === 'string' ? body.ticket : undefined;
  } catch {
    return undefined;
  }
}

export const openCommand: CommandSpec = {
  name: 'open',
  synopsis: 'open [--no-browser]',
  summary: "Print the running Switchboard's web address and open it in the browser",
  positionals: [0, 0],
  flags: {
    'no-browser': { type: 'boolean', help: '--no-browser  Print the address without opening a browser' },
  },
  run: runOpen,
};
