/**
 * Handlers of `prefs:*` (issue 15 item 8): the person's UI preferences, kept in the data folder's
 * state.json (key `uiPrefs`) so every window and a restart see the same choice.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import type { UiPrefs } from '../../../src-shared/api/methods/prefs.js';
import { toFailure } from '../facade/errors.js';
import { StateStore } from '../data/state-store.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** The state.json key. */
export const UI_PREFS_KEY = 'uiPrefs';

/** The preferences in a state.json value (a bad value reads as the defaults; non-strings are skipped). */
export function readPrefs(value: unknown): UiPrefs {
  const list = value && typeof value === 'object' && !Array.isArray(value) ? (value as { noDestructiveConfirm?: unknown }).noDestructiveConfirm : undefined;
  return { noDestructiveConfirm: Array.isArray(list) ? [...new Set(list.filter((s): s is string => typeof s === 'string'))].sort() : [] };
}

export function prefsHandlers(ctx: CoreContext): HandlerGroup<'prefs:get' | 'prefs:setDestructiveConfirm'> {
  const store = new StateStore(ctx.options.dataDir);
  return {
    'prefs:get': async () => {
      try {
        return ok(readPrefs(store.get(UI_PREFS_KEY)));
      } catch (err) {
        return toFailure(err);
      }
    },
    'prefs:setDestructiveConfirm': async ({ server, confirm }) => {
      try {
        const next = await store.update<unknown>(UI_PREFS_KEY, (cur) => {
          const prefs = readPrefs(cur);
          const names = new Set(prefs.noDestructiveConfirm);
          if (confirm) names.delete(server);
          else names.add(server);
          return { ...(cur && typeof cur === 'object' ? cur : {}), noDestructiveConfirm: [...names].sort() };
        });
        return ok(readPrefs(next));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
