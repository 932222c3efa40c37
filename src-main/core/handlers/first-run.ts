/**
 * Handlers of `firstRun:*` (issue 37 item 5, docs/accessibility.md § First run): whether this data
 * folder has seen the welcome (state.json key `firstRun`, `{ seenAt }` once marked, written through
 * StateStore: atomic, locked, other keys kept) and what discovery found, counted here from the
 * servers snapshot so every face shows the same numbers.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import type { FirstRun, FirstRunFound } from '../../../src-shared/api/methods/first-run.js';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { StateStore } from '../data/state-store.js';
import { toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** The state.json key of the welcome's marker. */
export const FIRST_RUN_KEY = 'firstRun';

/**
 * Count what `snapshot` lists: servers (by name), distinct hosts of every definition (shadowed ones
 * too), servers waiting for trust (`untrusted` or `changed`) and for a sign-in (`needs-auth`). Pure.
 */
export function countFound(snapshot: Pick<ServersSnapshot, 'servers' | 'shadowed'>): FirstRunFound {
  const hosts = new Set([...snapshot.servers.map((s) => s.server.source.host), ...snapshot.shadowed.map((d) => d.server.source.host)]);
  return {
    servers: snapshot.servers.length,
    hosts: hosts.size,
    needTrust: snapshot.servers.filter((s) => s.status === 'untrusted' || s.status === 'changed').length,
    needSignIn: snapshot.servers.filter((s) => s.status === 'needs-auth').length,
  };
}

export function firstRunHandlers(ctx: CoreContext): HandlerGroup<'firstRun:get' | 'firstRun:seen'> {
  const store = new StateStore(ctx.options.dataDir);
  const answer = async (): Promise<FirstRun> => {
    await ctx.ensureDiscovered();
    return { firstRun: store.get(FIRST_RUN_KEY) === undefined, found: countFound(ctx.snapshot()) };
  };
  return {
    'firstRun:get': async () => {
      try {
        return ok(await answer());
      } catch (err) {
        return toFailure(err);
      }
    },
    'firstRun:seen': async () => {
      try {
        // The first mark's time is kept: a second `seen` changes nothing.
        await store.update<unknown>(FIRST_RUN_KEY, (cur) => cur ?? { seenAt: new Date().toISOString() });
        return ok(await answer());
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
