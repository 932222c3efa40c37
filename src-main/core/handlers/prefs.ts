/**
 * Handlers of `prefs:*` (issue 15 item 8): the person's UI preferences, kept in the data folder's
 * state.json (key `uiPrefs`) so every window and a restart see the same choice: which servers'
 * destructive tools are called without asking, and the theme (issue 32; `system` unless set).
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
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as { noDestructiveConfirm?: unknown; theme?: unknown }) : {};
  const list = obj.noDestructiveConfirm;
  const theme = obj.theme === 'light' || obj.theme === 'dark' ? obj.theme : 'system';
  return { noDestructiveConfirm: Array.isArray(list) ? [...new Set(list.filter((s): s is string => typeof s === 'string'))].sort() : [], theme };
}

export function prefsHandlers(ctx: CoreContext): HandlerGroup<'prefs:get' | 'prefs:setDestructiveConfirm' | 'prefs:setTheme'> {
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
    'prefs:setTheme': async ({ theme }) => {
      try {
        const next = await store.update<unknown>(UI_PREFS_KEY, (cur) => ({ ...(cur && typeof cur === 'object' ? cur : {}), theme }));
        return ok(readPrefs(next));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
