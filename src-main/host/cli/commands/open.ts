/**
 * `switchboard open [--no-browser]` (docs/faces-and-ownership.md "An open tab when the owner goes"): the
 * address of the running Switchboard's web UI — printed, and opened in the browser unless
 * `--no-browser`. A tab whose Switchboard stopped names this verb: a new owner has a new token (and,
 * with `--port 0`, a new port), so the old address never works again. The desktop app's UI is its
 * window; without a running Switchboard, exit 2 and say how to start one.
 */
import { TOKEN_PARAM } from '../../../../src-shared/api/wire.js';
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
  if (endpoint.mode !== 'web') {
    ctx.io.err(`The running Switchboard is the desktop app (pid ${endpoint.pid}): its window is the UI.`);
    return EXIT.FAILURE;
  }
  const url = `http://127.0.0.1:${endpoint.port}/?${TOKEN_PARAM}=${endpoint.token}`;
  if (ctx.cli.json) ctx.io.out(JSON.stringify({ url, port: endpoint.port, pid: endpoint.pid, projectDir: endpoint.projectDir }));
  else ctx.io.out(`Switchboard is running at ${url}`);
  if (!ctx.cli.flags['no-browser']) await openInBrowser(url);
  return EXIT.OK;
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
