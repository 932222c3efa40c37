/**
 * The owner a gateway door relays to (issue 30 item 1, docs/gateway.md § Doors): the running owner
 * of the data folder (desktop app, `serve`, or another gateway's), attached over its WebSocket as
 * every CLI verb does; when none runs, a headless owner started in this process through the one
 * start-owner sequence (owner/start-owner.ts: the lock, the published endpoint — so later verbs and
 * gateways attach to it — and the reaper). Losing the race for the lock attaches to the winner:
 * never a second owner. Writes nothing to stdout (the stdio door's stdout is JSON-RPC only).
 */
import { dispatch } from '../../../src-shared/api/dispatch.js';
import { OwnedElsewhereError } from '../../owner/ownership.js';
import { startOwner } from '../../owner/start-owner.js';
import type { CliContext } from './context.js';
import { spawningCoreOptions } from './context.js';
import { attachOwner, type Caller, type EventSource } from './owner-link.js';

/** A link to the owner: its calls and events, and how to let go of it. */
export interface GatewayOwner {
  call: Caller;
  on: EventSource;
  /** `attached` (an owner was running) or `started` (this process owns the folder headless). */
  kind: 'attached' | 'started';
  /** Resolves when the owner's servers have settled (at once when attached). */
  ready: Promise<void>;
  /** Detach, or stop the headless owner (its servers end with it). Never rejects. */
  close(): Promise<void>;
}

/** Attach to the running owner, or start a headless one here. Throws when neither works. */
export async function gatewayOwner(ctx: CliContext): Promise<GatewayOwner> {
  const attach = async (): Promise<GatewayOwner | undefined> => {
    const owner = await attachOwner(ctx);
    if (!owner) return undefined;
    return {
      call: owner.api.call.bind(owner.api) as Caller,
      on: owner.api.on.bind(owner.api) as EventSource,
      kind: 'attached',
      ready: Promise.resolve(),
      close: async () => owner.api.close(),
    };
  };
  const attached = await attach();
  if (attached) return attached;
  try {
    const { createSwitchboardCore } = await import('../../core/index.js');
    const owner = await startOwner({
      dataDir: ctx.dataDir,
      mode: 'web',
      projectDir: ctx.projectDir,
      createCore: async () => createSwitchboardCore(await spawningCoreOptions(ctx, 'web')),
      warn: (text) => ctx.io.err(text),
    });
    const { core } = owner;
    return {
      call: ((method, input) => dispatch(core.handlers, method, input)) as Caller,
      on: ((event, listener) =>
        core.subscribe(
          (_name, payload) => (listener as (p: unknown) => void)(payload),
          (name) => (name as string) === event,
        )) as EventSource,
      kind: 'started',
      ready: owner.started.then(() => core.settled()).catch(() => undefined),
      close: () => owner.close(),
    };
  } catch (err) {
    // Another process took the folder between our look and our start: relay to it.
    if (err instanceof OwnedElsewhereError) {
      const winner = await attach();
      if (winner) return winner;
    }
    throw err;
  }
}
