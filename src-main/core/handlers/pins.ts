/** Handlers of `pins:*` (issue 16 item 2, docs/trust.md § Tool pins). */
import { ok } from '../../../src-shared/api/envelope.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { ToolPinStore } from '../trust/tool-pins.js';
import type { CoreContext, HandlerGroup } from './context.js';

/**
 * `refreshApps(server)` reads the server's apps (handlers/apps.ts `appReader`) before a list or an
 * accept, so a changed app is listed and accepted even by a one-shot core that read none yet.
 */
export function pinsHandlers(ctx: CoreContext, pins: ToolPinStore, refreshApps: (server: string) => Promise<void> = async () => {}): HandlerGroup<'pins:list' | 'pins:accept' | 'pins:setMode'> {
  const known = async (server: string): Promise<void> => {
    await pins.settled();
    const found = await ctx.ensureDiscovered();
    if (!found.servers.some((s) => s.name === server) && !pins.servers().includes(server)) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
  };
  /** Held tools changed: agents' lists and the snapshot follow at once. */
  const changed = (server: string): void => {
    ctx.emit('tools:changed', { server });
    ctx.pokeServersChanged();
  };
  return {
    'pins:list': async ({ server }) => {
      try {
        if (server !== undefined) await known(server);
        else await pins.settled();
        for (const s of server !== undefined ? [server] : pins.servers()) await refreshApps(s);
        return ok((server !== undefined ? [server] : pins.servers()).map((s) => pins.view(s)));
      } catch (err) {
        return toFailure(err);
      }
    },
    'pins:accept': async ({ server, tool }) => {
      try {
        await known(server);
        await refreshApps(server);
        await pins.accept(server, tool);
        changed(server);
        return ok(pins.view(server));
      } catch (err) {
        return toFailure(err);
      }
    },
    'pins:setMode': async ({ server, mode }) => {
      try {
        await known(server);
        await pins.setMode(server, mode);
        changed(server);
        return ok(pins.view(server));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
