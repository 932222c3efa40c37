/**
 * The owner a gateway door relays to (issue 30 items 1 and 5, docs/gateway.md § The owner's
 * lifetime): the running owner of the data folder (desktop app, `serve`, or a headless owner),
 * attached over its WebSocket as every CLI verb does, as a `gateway` client (the owner counts those).
 * When none runs, the door starts a headless owner in a separate, detached process
 * (`switchboard gateway --headless-owner`, gateway-headless.ts), waits until it says it is ready and
 * attaches to it; it outlives the door and exits on its own after the last door leaves. Two doors
 * starting at once: the lock lets one owner win, the other's child exits and both attach to the
 * winner — never a second owner.
 *
 * The owner going away (killed, crashed, lingered out): a call in flight fails with
 * `OWNER_GONE_MESSAGE`; the link reconnects at once — to the owner that runs by then, else to a new
 * headless one it starts — retrying (250 ms doubling to 2 s) for up to `RECONNECT_DEADLINE_MS`; a
 * call made meanwhile waits for it. Events the door follows are followed on the new owner too, and
 * `onReconnect` listeners are told (the door then reads its list again). Writes nothing to stdout.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fail } from '../../../src-shared/api/envelope.js';
import type { RemoteApi } from '../../wires/remote-api.js';
import type { CliContext } from './context.js';
import { attachOwner, type Caller, type EventSource } from './owner-link.js';
import { handoverPending, HANDOVER_MARKER_MS } from '../../owner/owner-handover.js';

/** The words of a call in flight when the owner went away (issue 30 item 5). */
export const OWNER_GONE_MESSAGE = 'the Switchboard owner went away during the call; it is being restarted — try again';

/** The descriptor a started headless owner says `ready` on (the spawn's fourth stdio entry). */
export const READY_FD = 3;

/** How long a started headless owner may take to say it is ready (its servers settle first). */
const READY_DEADLINE_MS = 120_000;
/** How long the link keeps trying to reach or start an owner before a call fails. */
const RECONNECT_DEADLINE_MS = 60_000;

/** A link to the owner: its calls and events across reconnects, and how to let go of it. */
export interface GatewayOwner {
  call: Caller;
  on: EventSource;
  /** How the first owner was reached: `attached` (one was running) or `started` (the door started a headless one). */
  kind: 'attached' | 'started';
  /** The pid of the first owner (from its endpoint). */
  pid: number;
  /** Told after each reconnect to a new owner; returns the unsubscribe. */
  onReconnect(listener: () => void): () => void;
  /** Detach (a headless owner keeps running and lingers out on its own). Never rejects. */
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Node options that carry inline code: with their value they run a script, not the CLI's entry. */
const CODE_OPTIONS = new Set(['-e', '--eval', '-p', '--print', '-pe', '--input-type']);

/**
 * The arguments of the headless owner's process: this process's Node options (`execArgv`) without
 * the ones that carry inline code (`-e`/`--eval`, `-p`/`--print`, `--input-type`, each with its
 * value, separate or after `=`), then the CLI's `entry` and the verb. The AppImage launcher starts
 * the CLI as `-e '<finds the script>'` (app/path-launcher.ts): passed on, that code would run again
 * in front of the entry and turn it into an argument.
 */
export function headlessOwnerArgs(execArgv: readonly string[], entry: string, projectDir: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] ?? '';
    if (CODE_OPTIONS.has(arg)) i++;
    else if (!CODE_OPTIONS.has(arg.split('=', 1)[0] ?? '')) kept.push(arg);
  }
  return [...kept, entry, 'gateway', '--headless-owner', '--project', projectDir];
}

/**
 * Start `switchboard gateway --headless-owner` detached, with this run's project and environment;
 * resolves when it says `ready` on `READY_FD`, or when it exits or closes that descriptor first (it
 * lost the lock to another owner, or failed: the caller then looks for whoever owns the folder).
 */
function startHeadless(ctx: CliContext): Promise<void> {
  const entry = process.argv[1];
  if (entry === undefined) return Promise.reject(new Error('the CLI entry of this process is unknown'));
  const child = spawn(process.execPath, headlessOwnerArgs(process.execArgv, entry, ctx.projectDir), {
    cwd: ctx.cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    env: { ...ctx.platform.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  child.unref();
  const ready = child.stdio[READY_FD] as Readable | null;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`the headless Switchboard (pid ${child.pid ?? '?'}) did not say it was ready within ${READY_DEADLINE_MS / 1000} s`)), READY_DEADLINE_MS);
    let settled = false;
    const done = (err?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ready?.destroy();
      if (err) reject(err);
      else resolve();
    };
    child.once('error', (err) => done(err));
    child.once('exit', () => done());
    ready?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) done();
    });
    ready?.once('close', () => done());
  });
}

/** Attach to the folder's owner within `ms` (a starting owner publishes its endpoint a moment after its lock). */
async function waitForOwner(ctx: CliContext, ms: number): Promise<{ api: RemoteApi; pid: number } | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const owner = await attachOwner(ctx, 'gateway');
    if (owner) return { api: owner.api, pid: owner.endpoint.pid };
    if (Date.now() > deadline) return undefined;
    await sleep(200);
  }
}

/** Attach to the running owner, else start a headless one and attach to it (or to the winner of the lock). Throws when neither works. */
async function reach(ctx: CliContext): Promise<{ api: RemoteApi; pid: number; kind: GatewayOwner['kind'] }> {
  const running = await attachOwner(ctx, 'gateway');
  if (running) return { api: running.api, pid: running.endpoint.pid, kind: 'attached' };
  // `serve` or the app is taking the folder over from a headless owner (owner-handover.ts): wait for it, never start another.
  if (handoverPending(ctx.dataDir)) {
    const next = await waitForOwner(ctx, HANDOVER_MARKER_MS);
    if (next) return { ...next, kind: 'attached' };
  }
  await startHeadless(ctx);
  const owner = await waitForOwner(ctx, 10_000);
  if (!owner) throw new Error('a headless Switchboard was started but no owner of the data folder answers');
  return { ...owner, kind: 'started' };
}

/** Reach the owner (see the file comment); `log` gets the door's lines for stderr. Throws when no owner can be reached or started. */
export async function gatewayOwner(ctx: CliContext, log: (line: string) => void): Promise<GatewayOwner> {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const reconnected = new Set<() => void>();
  let current: RemoteApi | undefined;
  let connecting: Promise<RemoteApi> | undefined;
  let closing = false;
  let adopted = 0;

  const follow = (api: RemoteApi, event: string): void => {
    api.on(event as never, (payload: unknown) => {
      if (api === current) for (const l of listeners.get(event) ?? []) l(payload);
    });
  };
  const adopt = (api: RemoteApi): void => {
    current = api;
    for (const event of listeners.keys()) follow(api, event);
    if (adopted++ > 0) for (const l of reconnected) l();
    void api.closed.then(() => {
      if (closing || current !== api) return;
      log('the Switchboard owner went away; reconnecting');
      void ensure().catch((err: unknown) => log(`no Switchboard could be reached or started again: ${message(err)}`));
    });
  };
  const ensure = (): Promise<RemoteApi> => {
    if (current?.open) return Promise.resolve(current);
    connecting ??= (async () => {
      const deadline = Date.now() + RECONNECT_DEADLINE_MS;
      for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
        try {
          const owner = await reach(ctx);
          if (closing) owner.api.close();
          else {
            adopt(owner.api);
            log(`reconnected to the Switchboard owner (pid ${owner.pid}${owner.kind === 'started' ? ', a headless one started for it' : ''})`);
          }
          return owner.api;
        } catch (err) {
          if (closing || Date.now() > deadline) throw err;
          await sleep(delay);
        }
      }
    })().finally(() => (connecting = undefined));
    return connecting;
  };

  const first = await reach(ctx);
  adopt(first.api);
  const call = (async (method: string, input: unknown) => {
    let api: RemoteApi;
    try {
      api = await ensure();
    } catch (err) {
      return fail('NOT_CONNECTED', `No Switchboard could be reached or started: ${message(err)}`);
    }
    const result = await (api.call as (m: string, i: unknown) => ReturnType<Caller>)(method, input);
    // The socket closed under the call: the owner went away (the remote API's own failure says less).
    if (!result.ok && result.error.code === 'NOT_CONNECTED' && !api.open) return fail('NOT_CONNECTED', OWNER_GONE_MESSAGE);
    return result;
  }) as Caller;
  const on = ((event: string, listener: (payload: unknown) => void) => {
    let set = listeners.get(event);
    if (!set) {
      listeners.set(event, (set = new Set()));
      if (current) follow(current, event);
    }
    set.add(listener);
    return () => void set.delete(listener);
  }) as EventSource;
  return {
    call,
    on,
    kind: first.kind,
    pid: first.pid,
    onReconnect(listener) {
      reconnected.add(listener);
      return () => void reconnected.delete(listener);
    },
    close: async () => {
      closing = true;
      current?.close();
    },
  };
}
