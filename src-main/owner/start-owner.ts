/**
 * The one start-owner sequence (issue 11 item 2, docs/faces-and-ownership.md): the desktop app and
 * `switchboard serve` both own a data folder through `startOwner`, so they take the same steps in
 * the same order and shut down the same way. Before this they were written twice: the app started
 * the core before it published its endpoint and disposed the core before closing its listener;
 * `serve` did the opposite.
 *
 * Start: take the lock (a live owner → `OwnedElsewhereError`; a stale one is taken over) → stop what
 * a killed previous owner left running → create the core → record its server processes and start
 * the reaper (issue 9: servers end even after a kill -9 of the owner) → the face's own set-up
 * (desktop: IPC, window, tray) → listen on 127.0.0.1 (the session token and port kept from the
 * previous owner: owner-listen.ts) and publish `endpoint.json` → start the core.
 * Close (the reverse): stop listening, dispose the core (no server left), stop the recorder and the
 * reaper, release the lock. No electron import: the app passes its pieces in.
 */
import type { SwitchboardCore } from '../core/index.js';
import { killLeftovers, startChildRecorder } from './owner-children.js';
import { startReaper } from './owner-reaper.js';
import { acquireOwnershipChecked } from './owner-takeover.js';
import { takeOverHeadless, type Handover } from './owner-handover.js';
import type { Ownership } from './ownership.js';
import type { WebHost, WebHostOptions } from '../wires/web-host.js';
import { listenKept } from './owner-listen.js';

export { OwnerListenError } from './owner-listen.js';

/** The steps of `startOwner`, in order (`onStep` is told each as it begins). */
export const OWNER_STEPS = ['acquire', 'kill-leftovers', 'create-core', 'record-children', 'reaper', 'face', 'listen', 'publish', 'start-core'] as const;
export type OwnerStep = (typeof OWNER_STEPS)[number];

/** Options of `startOwner`. */
export interface StartOwnerOptions {
  dataDir: string;
  /** Which face owns the folder (written to `endpoint.json`). */
  mode: 'electron' | 'web';
  projectDir: string;
  /** Build the core once the folder is owned (called once; may read the login shell's environment first). */
  createCore(): SwitchboardCore | Promise<SwitchboardCore>;
  /**
   * The listener: a port (absent: the port this folder's owner had before, kept in `session.json`,
   * else any free one; 0: any free one) and, for web mode, the built UI to serve; none → API only.
   * The session token is kept across restarts too (owner-listen.ts).
   */
  listen?: { port?: number; staticDir?: string; onClients?: WebHostOptions['onClients'] };
  /** Start with a new session token instead of the kept one (`switchboard serve --new-token`). */
  newToken?: boolean;
  /** The face's own set-up after the core exists and before anything can reach it (desktop: IPC, window, tray). */
  face?(core: SwitchboardCore): void;
  /** A line for the person (leftover processes stopped). */
  warn(text: string): void;
  /**
   * A headless owner started for gateway doors (gateway-headless.ts): published as such in
   * `endpoint.json`, and it never takes over. Any other owner (desktop app, `serve`) first asks a
   * headless owner of the folder to go (owner-handover.ts). Default false.
   */
  headless?: boolean;
  /** Told each step as it begins (diagnostics and the test that both faces take the same steps). */
  onStep?(step: OwnerStep): void;
}

/** A running owner. */
export interface RunningOwner {
  core: SwitchboardCore;
  /** The published listener (`url` carries the session token). */
  host: Pick<WebHost, 'url' | 'port' | 'token' | 'sandboxOrigin'>;
  /** The core's start (servers connecting); rejects with the core's start failure. */
  started: Promise<void>;
  /** Close in the reverse order; idempotent; never rejects. */
  close(): Promise<void>;
}

/**
 * Own `dataDir` and run a core in it (the sequence in the file comment). Throws
 * `OwnedElsewhereError` when a live owner holds the folder, `OwnerListenError` when the port cannot
 * be bound, or what `createCore` / the face set-up throw — in each case after undoing what was done.
 */
export async function startOwner(options: StartOwnerOptions): Promise<RunningOwner> {
  const step = (name: OwnerStep): void => options.onStep?.(name);
  let ownership: Ownership | undefined;
  let core: SwitchboardCore | undefined;
  let recorder: { close(): void } | undefined;
  let reaper: { close(): void } | undefined;
  let host: WebHost | undefined;
  let handover: Handover | undefined;
  // Whatever exists, in the close order: no request reaches a core being disposed, and the
  // recorder and reaper outlive the dispose (a crash during it still ends the servers).
  const shutdown = async (): Promise<void> => {
    const quietly = async (fn: (() => unknown) | undefined): Promise<void> => {
      try {
        await fn?.();
      } catch {
        // keep going: the lock must be released even when a dispose fails
      }
    };
    await quietly(host && (() => host!.close()));
    await quietly(core && (() => core!.dispose()));
    await quietly(recorder && (() => recorder!.close()));
    await quietly(reaper && (() => reaper!.close()));
    await quietly(ownership && (() => ownership!.release()));
    handover?.done();
  };
  try {
    step('acquire');
    if (!options.headless) handover = await takeOverHeadless(options.dataDir);
    if (handover) options.warn(`Took the data folder over from the headless Switchboard (pid ${handover.from}) a gateway door had started`);
    ownership = await acquireOwnershipChecked(options.dataDir);
    step('kill-leftovers');
    // A previous owner killed with SIGKILL could not stop its servers (docs/connections-supervision.md).
    const killed = await killLeftovers(options.dataDir);
    if (killed.length > 0) options.warn(`Stopped ${killed.length} server process${killed.length === 1 ? '' : 'es'} a previous Switchboard left running (pids ${killed.join(', ')})`);
    step('create-core');
    core = await options.createCore();
    step('record-children');
    recorder = startChildRecorder(options.dataDir, core);
    step('reaper');
    reaper = startReaper(options.dataDir);
    step('face');
    options.face?.(core);
    step('listen');
    host = await listenKept({
      dataDir: options.dataDir,
      core,
      ...(options.listen?.port !== undefined ? { port: options.listen.port } : {}),
      ...(options.listen?.staticDir ? { staticDir: options.listen.staticDir } : {}),
      ...(options.listen?.onClients ? { onClients: options.listen.onClients } : {}),
      ...(options.newToken ? { newToken: true } : {}),
      warn: options.warn,
    });
    step('publish');
    await ownership.publish({ port: host.port, token: host.token, mode: options.mode, projectDir: options.projectDir, ...(options.headless ? { headless: true } : {}) });
    // The endpoint is there: doors waiting on the marker attach to this owner now.
    handover?.done();
    step('start-core');
    const started = core.start();
    // The face reports a failed start; an unobserved rejection must not end the process.
    started.catch(() => undefined);
    let closing: Promise<void> | undefined;
    return { core, host: { url: host.url, port: host.port, token: host.token, ...(host.sandboxOrigin ? { sandboxOrigin: host.sandboxOrigin } : {}) }, started, close: () => (closing ??= shutdown()) };
  } catch (err) {
    await shutdown();
    throw err;
  }
}
