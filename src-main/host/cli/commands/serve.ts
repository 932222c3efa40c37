/**
 * `switchboard serve [--port N] [--new-token] [--project dir]` (docs/faces-and-ownership.md web mode): a core in mode
 * 'web', started, behind the web host on 127.0.0.1 serving the built renderer (`out/renderer`). The
 * session token and the port are kept across restarts (`session.json`, owner-listen.ts), so a page
 * left open reconnects to the restarted owner; `--port` picks another port, `--new-token` a new
 * token (every page open until then is refused). Prints
 * `Switchboard is running at <url>`, the sandbox origin and `Press Ctrl-C to stop.`, and runs until
 * SIGINT/SIGTERM/SIGHUP (the terminal closing), then closes the host, disposes the core (no child
 * process left) and prints `Stopped; N servers stopped.` (N: the servers connected at that moment; `… and M gateway
 * instances` when the gateway ran some, `stoppedLine`). Exit 2 when the UI is not built or the port cannot be bound.
 */
import type { CommandSpec } from '../command-spec.js';
import { parsePort } from '../args.js';
import { plural } from '../format.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createSwitchboardCore } from '../../../core/index.js';
import { OwnedElsewhereError } from '../../../owner/ownership.js';
import { OwnerListenError, startOwner, type RunningOwner } from '../../../owner/start-owner.js';
import { EXIT } from '../args.js';
import { spawningCoreOptions, repoRoot, type CliContext } from '../context.js';

/**
 * The built renderer served in web mode: `<repo>/out/renderer`, or `SWITCHBOARD_RENDERER_DIR` when
 * set (tests serve a fixture folder; a packaged build may point elsewhere).
 */
export function rendererDir(env: Record<string, string | undefined> = process.env): string {
  const override = env.SWITCHBOARD_RENDERER_DIR;
  return override && override.trim() !== '' ? override : join(repoRoot(), 'out', 'renderer');
}

/** The signals that stop `serve` cleanly: Ctrl-C, `kill`, and the terminal closing (SIGHUP). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * How long after the first stop signal a repeat of it counts as the same press (ms): a terminal's
 * Ctrl-C reaches the whole foreground group, and `npm start` forwards the SIGINT it got to serve,
 * so serve receives one press twice within milliseconds. A repeat later than this is a person's
 * second press while the stop takes long: exit at once.
 */
export const REPEAT_SIGNAL_MS = 1000;

/** Whether a stop signal at `nowMs` is a second press after the first at `firstAtMs` (not the same press delivered twice). */
export function isSecondPress(firstAtMs: number, nowMs: number): boolean {
  return nowMs - firstAtMs >= REPEAT_SIGNAL_MS;
}

/** The exit code of a second press: 128 + the signal's number. */
const EXIT_OF: Record<(typeof STOP_SIGNALS)[number], number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/**
 * Resolves with the first SIGINT/SIGTERM/SIGHUP; a second one while shutting down exits at once
 * (128 + signal number), unless it comes within {@link REPEAT_SIGNAL_MS} of the first (the same
 * press, forwarded by a parent such as npm).
 */
function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      for (const s of STOP_SIGNALS) process.off(s, onSignal);
      const firstAt = Date.now();
      for (const s of STOP_SIGNALS) {
        process.on(s, () => {
          if (isSecondPress(firstAt, Date.now())) process.exit(EXIT_OF[s]);
        });
      }
      resolve(signal);
    };
    for (const s of STOP_SIGNALS) process.on(s, onSignal);
  });
}

/** `switchboard serve`. Resolves to 0 after SIGINT/SIGTERM and a clean shutdown; 2 when unbuilt or the port is taken. */
export async function runServe(ctx: CliContext): Promise<number> {
  const staticDir = rendererDir(ctx.platform.env);
  if (!existsSync(join(staticDir, 'index.html'))) {
    ctx.io.err(`The web UI is not built (missing ${join(staticDir, 'index.html')}). Build it with: npm run build`);
    return EXIT.FAILURE;
  }
  const signal = waitForSignal();
  // docs/faces-and-ownership.md: one owner per data folder, the same sequence as the desktop app (start-owner.ts).
  let owner: RunningOwner;
  try {
    owner = await startOwner({
      dataDir: ctx.dataDir,
      mode: 'web',
      projectDir: ctx.projectDir,
      createCore: async () => createSwitchboardCore(await spawningCoreOptions(ctx, 'web')),
      listen: { ...servePort(ctx), staticDir },
      newToken: ctx.cli.flags['new-token'] === true,
      warn: (text) => ctx.io.err(text),
    });
  } catch (err) {
    if (err instanceof OwnedElsewhereError || err instanceof OwnerListenError) ctx.io.err(err.message);
    else ctx.io.err(`Switchboard could not start: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
  try {
    await Promise.race([owner.started, signal]);
    if (ctx.cli.json) ctx.io.out(JSON.stringify({ url: owner.host.url, port: owner.host.port, sandboxOrigin: owner.host.sandboxOrigin, projectDir: ctx.projectDir }));
    else ctx.io.out(`Switchboard is running at ${owner.host.url}\nMCP Apps sandbox: ${owner.host.sandboxOrigin}\nPress Ctrl-C to stop.`);
    await signal;
    return EXIT.OK;
  } finally {
    const connected = await connectedServers(owner);
    await owner.close();
    if (!ctx.cli.json) ctx.io.out(stoppedLine(connected));
  }
}

/**
 * `Stopped; 3 servers stopped.`, or `Stopped; 3 servers and 1 gateway instance stopped.` when the
 * gateway ran separate instances (docs/gateway.md § Sharing): every process stopped is counted.
 */
export function stoppedLine({ servers, instances }: { servers: number; instances: number }): string {
  const both = instances > 0 ? `${plural(servers, 'server')} and ${plural(instances, 'gateway instance')}` : plural(servers, 'server');
  return `Stopped; ${both} stopped.`;
}

/**
 * How many servers, and gateway instances, are connected right now (`servers:list`: its totals, and
 * each server's `gatewayInstances`); 0 of each when the core cannot say.
 */
async function connectedServers(owner: RunningOwner): Promise<{ servers: number; instances: number }> {
  try {
    const listed = await owner.core.handlers['servers:list']({});
    if (!listed.ok) return { servers: 0, instances: 0 };
    const instances = listed.data.servers.flatMap((s) => s.gatewayInstances ?? []).filter((i) => i.status === 'connected').length;
    return { servers: listed.data.totals.connected, instances };
  } catch {
    return { servers: 0, instances: 0 };
  }
}

/** `switchboard serve [--port N] [--new-token]`. */
export const serveCommand: CommandSpec = {
  name: 'serve',
  synopsis: 'serve [--port N] [--new-token]',
  summary: "Serve the UI on http://127.0.0.1:<port>/ until Ctrl-C",
  positionals: [0, 0],
  flags: {
    port: { type: 'string', help: '--port <n>        Port for serve (0 = any free port; default: the port the last Switchboard of this data folder had, else any free one)' },
    'new-token': { type: 'boolean', help: '--new-token       Make a new session token: pages open with the old one are refused (default: keep it across restarts)' },
  },
  validate: (flags) => {
    if (typeof flags.port === 'string') parsePort(flags.port);
  },
  run: runServe,
};

/** The `--port` of this run; none when absent (the kept port, else any free one). */
function servePort(ctx: CliContext): { port?: number } {
  return typeof ctx.cli.flags.port === 'string' ? { port: parsePort(ctx.cli.flags.port) } : {};
}
