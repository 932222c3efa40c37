/**
 * Attach to the live owner or run one-shot (docs/faces-and-ownership.md). Commands get a `Caller` that looks the same
 * either way: the owner's WebSocket API, or the handlers of an ephemeral core that stops every
 * process it started before the CLI exits.
 */
import { EXIT } from './args.js';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from '../../../src-shared/api/contract.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { CoreExtras, SwitchboardCore } from '../../core/index.js';
import { readLiveEndpoint, type Endpoint } from '../../owner/ownership.js';
import type { RemoteApi } from '../../wires/remote-api.js';
import { resolve } from 'node:path';
import { withEphemeralCore, withOfflineCore, type CliContext } from './context.js';
import { quoteArg } from '../../../src-shared/quote-arg.js';

/**
 * The contract's dispatcher, loaded on first use: its schemas take a one-shot command tens of ms to
 * build, so a one-shot core loads them while its servers start (`withEphemeralCore`'s
 * `whileConnecting`), not before it spawns them (issue 32 item 1). Commands attached to an owner never load it.
 */
let dispatchModule: Promise<typeof import('../../../src-shared/api/dispatch.js')> | undefined;
const loadDispatch = (): Promise<typeof import('../../../src-shared/api/dispatch.js')> => (dispatchModule ??= import('../../../src-shared/api/dispatch.js'));

/** `dispatch(handlers, method, input)` through the lazily loaded dispatcher. Never rejects (dispatch's own contract). */
const localCaller = (core: { handlers: SwitchboardCore['handlers'] }): Caller =>
  (async (method, input) => (await loadDispatch()).dispatch(core.handlers, method, input)) as Caller;

/** Subscribe to one event of the core or owner; returns the unsubscribe. */
export type EventSource = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/** Call one contract method (remote or local). Never rejects. */
export type Caller = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;

/**
 * The live owner of this data folder, connected (as a `gateway` client when `client` says so: the
 * owner counts those); undefined when there is none (or it cannot be reached).
 */
export async function attachOwner(ctx: CliContext, client?: 'gateway'): Promise<{ api: RemoteApi; endpoint: Endpoint } | undefined> {
  const endpoint = readLiveEndpoint(ctx.dataDir);
  if (!endpoint) return undefined;
  try {
    // The WebSocket client is loaded only when an owner is there to talk to.
    const { connectToOwner } = await import('../../wires/remote-api.js');
    return { api: await connectToOwner(endpoint, undefined, client), endpoint };
  } catch {
    return undefined;
  }
}

/**
 * Run `fn` against the live owner when there is one (`live` true), else against an ephemeral core
 * started with `extras` (`live` false). `on` follows the same side's events (subscribing to a
 * one-shot core makes it a face: server requests then wait for an answer). Always closes/disposes.
 */
export async function withOwnerOrOneShot<T>(ctx: CliContext, extras: CoreExtras, fn: (call: Caller, live: boolean, on: EventSource) => Promise<T>): Promise<T> {
  const owner = await attachOwner(ctx);
  if (owner) {
    try {
      // A --project the running owner does not serve is not silently answered for its own folder
      // (trial 8 F14): say whose folder the answer is about.
      if (ctx.cli.project !== undefined) {
        const info = await owner.api.call('app:info', {});
        if (info.ok && resolve(info.data.projectDir) !== resolve(ctx.projectDir)) {
          ctx.io.err(`The running Switchboard serves ${info.data.projectDir}, not ${ctx.projectDir}: this answer is about its project folder. For ${ctx.projectDir}'s definitions: switchboard servers --project ${quoteArg(ctx.projectDir)}`);
        }
      }
      return await fn(owner.api.call.bind(owner.api) as Caller, true, owner.api.on.bind(owner.api) as EventSource);
    } finally {
      owner.api.close();
    }
  }
  return withEphemeralCore(
    ctx,
    extras,
    (core) =>
      fn(localCaller(core), false, ((event, listener) =>
        core.subscribe(
          (_name, payload) => (listener as (p: unknown) => void)(payload),
          (name) => (name as string) === event,
        )) as EventSource),
    () => void loadDispatch(),
  );
}

/** The sentence for verbs that only mean something with a live owner. */
export function needsOwnerMessage(verb: string): string {
  return `No Switchboard is running for this data folder: "${verb}" acts on a running one. Start it with "switchboard serve" or the desktop app.`;
}

/**
 * Run `fn` against the live owner's API for a verb that needs one (`restart`, `reload`): without an
 * owner, print `needsOwnerMessage(verb)` and resolve to exit 2. The connection is always closed.
 */
export async function withRequiredOwner(ctx: CliContext, verb: string, fn: (call: Caller) => Promise<number>): Promise<number> {
  const owner = await attachOwner(ctx);
  if (!owner) {
    ctx.io.err(needsOwnerMessage(verb));
    return EXIT.FAILURE;
  }
  try {
    return await fn(((method, input) => owner.api.call(method, input)) as Caller);
  } finally {
    owner.api.close();
  }
}

/**
 * Run `fn` against the live owner when there is one for this project folder (`live` true), else
 * against a one-shot core that starts no server (`live` false): the config verbs, `trust`,
 * `servers`, `input` — the same handlers answer whichever door a request comes through
 * (issue 11 item 1). An owner of another project folder is not used (its discovery is of its own
 * project); its config watcher sees the file written anyway. `fn` then gets that owner's project
 * folder as `ownerProject`, so a message can say one runs, for another folder (new-user trial).
 */
export async function withOwnerOrOffline<T>(ctx: CliContext, fn: (call: Caller, live: boolean, ownerProject?: string) => Promise<T>): Promise<T> {
  const owner = await attachOwner(ctx);
  let ownerProject: string | undefined;
  if (owner) {
    try {
      const info = await owner.api.call('app:info', {});
      if (info.ok && resolve(info.data.projectDir) === resolve(ctx.projectDir)) return await fn(owner.api.call.bind(owner.api) as Caller, true);
      if (info.ok) ownerProject = info.data.projectDir;
    } finally {
      owner.api.close();
    }
  }
  return withOfflineCore(ctx, (core) => fn(localCaller(core), false, ownerProject));
}
