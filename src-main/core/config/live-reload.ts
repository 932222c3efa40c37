/**
 * Live reload wired to the core (issue #3 §6): a `ConfigWatcher` over every file discovery
 * considered (plus Continue's drop-in folder); a real change runs the core's `refresh()` —
 * rediscover, then diff-and-apply in the manager, so only changed servers restart and manual stops
 * are respected there — and then emits `config:reloaded` with the changed files. The core's own
 * writes (`ctx.ownWrites`, issue 29 item 4) are no change: their handler already refreshed.
 * Tests await that event, never a timer.
 */
import type { CoreContext } from '../handlers/context.js';
import { joinFor } from '../data/paths.js';
import { ConfigWatcher } from './config-watcher.js';

/** A running live reload. */
export interface LiveReload {
  /** Re-read the file list from the last discovery (after a write or a trust change). */
  update(): void;
  close(): void;
}

/** Start watching the files of `ctx`'s last discovery. `debounceMs` default 150. */
export function startLiveReload(ctx: CoreContext, debounceMs?: number): LiveReload {
  const files = (): string[] => {
    const result = ctx.discovery();
    const list = result?.files.map((f) => f.path) ?? [];
    list.push(joinFor(ctx.options.platform, ctx.options.projectDir, '.continue', 'mcpServers'));
    return list;
  };
  const watcher = new ConfigWatcher({
    debounceMs,
    ownWrites: ctx.ownWrites,
    onChange: async (changed) => {
      await ctx.refresh();
      watcher.setFiles(files());
      ctx.emit('config:reloaded', { files: changed });
    },
  });
  watcher.setFiles(files());
  return { update: () => watcher.setFiles(files()), close: () => watcher.close() };
}
