/**
 * `switchboard serve [--port N] [--project dir]` (docs/faces-and-ownership.md web mode): a core in mode 'web', started,
 * behind the web host on 127.0.0.1 serving the built renderer (`out/renderer`). Prints
 * `Switchboard is running at <url>` and runs until SIGINT/SIGTERM, then closes the host and disposes
 * the core (no child process left). Exit 2 when the UI is not built or the port cannot be bound.
 */
import type { CommandSpec } from '../command-spec.js';
import { parsePort } from '../args.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createSwitchboardCore } from '../../../core/index.js';
import { startWebHost, type WebHost } from '../../../wires/web-host.js';
import { OwnedElsewhereError, type Ownership } from '../../../owner/ownership.js';
import { acquireOwnershipChecked } from '../../../owner/owner-takeover.js';
import { killLeftovers, startChildRecorder } from '../../../owner/owner-children.js';
import { startReaper } from '../../../owner/owner-reaper.js';
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

/** Resolves with the first SIGINT/SIGTERM; a second one while shutting down exits at once (130). */
function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/** `switchboard serve`. Resolves to 0 after SIGINT/SIGTERM and a clean shutdown; 2 when unbuilt or the port is taken. */
export async function runServe(ctx: CliContext): Promise<number> {
  const staticDir = rendererDir(ctx.platform.env);
  if (!existsSync(join(staticDir, 'index.html'))) {
    ctx.io.err(`The web UI is not built (missing ${join(staticDir, 'index.html')}). Build it with: npm run build`);
    return EXIT.FAILURE;
  }
  // docs/faces-and-ownership.md: one owner per data folder; the endpoint file lets the CLI attach to this process.
  let owner: Ownership;
  try {
    owner = await acquireOwnershipChecked(ctx.dataDir);
  } catch (err) {
    ctx.io.err(err instanceof OwnedElsewhereError ? err.message : `Cannot take the data folder lock: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
  // A previous owner killed with SIGKILL could not stop its servers: end what it left (docs/connections-supervision.md).
  const killed = await killLeftovers(ctx.dataDir);
  if (killed.length > 0) ctx.io.err(`Stopped ${killed.length} server process${killed.length === 1 ? '' : 'es'} a previous Switchboard left running (pids ${killed.join(', ')})`);
  const signal = waitForSignal();
  const core = createSwitchboardCore(await spawningCoreOptions(ctx, 'web'));
  const recorder = startChildRecorder(ctx.dataDir, core);
  // Ends the recorded servers even after a kill -9 of this process (issue 9).
  const reaper = startReaper(ctx.dataDir);
  let host: WebHost | undefined;
  try {
    try {
      host = await startWebHost({ core, port: servePort(ctx), staticDir });
    } catch (err) {
      ctx.io.err(`Cannot listen on 127.0.0.1:${servePort(ctx)}: ${err instanceof Error ? err.message : String(err)}`);
      return EXIT.FAILURE;
    }
    await owner.publish({ port: host.port, token: host.token, mode: 'web', projectDir: ctx.projectDir });
    await Promise.race([core.start(), signal]);
    if (ctx.cli.json) ctx.io.out(JSON.stringify({ url: host.url, port: host.port, projectDir: ctx.projectDir }));
    else ctx.io.out(`Switchboard is running at ${host.url}`);
    await signal;
    return EXIT.OK;
  } finally {
    await host?.close();
    await core.dispose();
    recorder.close();
    reaper.close();
    owner.release();
  }
}

/** `switchboard serve [--port N]`. */
export const serveCommand: CommandSpec = {
  name: 'serve',
  synopsis: 'serve [--port N]',
  summary: "Serve the UI on http://127.0.0.1:<port>/ until Ctrl-C",
  positionals: [0, 0],
  flags: { port: { type: 'string', help: '--port <n>        Port for serve (0 = any free port)' } },
  validate: (flags) => {
    if (typeof flags.port === 'string') parsePort(flags.port);
  },
  run: runServe,
};

/** The `--port` of this run (0 when absent: any free port). */
function servePort(ctx: CliContext): number {
  return typeof ctx.cli.flags.port === 'string' ? parsePort(ctx.cli.flags.port) : 0;
}
