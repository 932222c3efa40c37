/**
 * Handlers of `cards:*` (issue 36 item 5; SEP-2127 Server Cards, Beta; docs/registry.md § Server
 * Cards): `cards:fetch` finds and validates a card and returns the prefill (nothing written; the add
 * itself is `config:add`, with its keychain rules); `cards:compare` reads a connected server's card
 * again (discovered from the server's own URL) and lists where it and the live server differ. No
 * trust, pin or approval is ever derived from a card.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import { findServerCard } from '../cards/card-discovery.js';
import { compareCard } from '../cards/card-compare.js';
import { cardPrefill, cardSummary } from '../cards/card-prefill.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function cardsHandlers(ctx: CoreContext): HandlerGroup<'cards:fetch' | 'cards:compare'> {
  return {
    'cards:fetch': async ({ url, entry }) => {
      try {
        const found = await findServerCard(url, entry);
        const prefill = cardPrefill(found.card);
        return ok({
          card: cardSummary(found.card),
          ...(prefill !== undefined ? { prefill } : {}),
          source: found.source,
          via: found.via,
          others: found.others,
          tried: found.tried,
          warnings: found.warnings,
        });
      } catch (err) {
        return toFailure(err);
      }
    },

    'cards:compare': async ({ server }) => {
      try {
        await ctx.ensureDiscovered();
        const state = ctx.snapshot().servers.find((s) => s.server.name === server);
        if (state === undefined) throw new CoreError('NOT_FOUND', `No server named "${server}"`);
        const url = state.server.url;
        if (url === undefined) throw new CoreError('BAD_REQUEST', `"${server}" is a command (stdio) server: Server Cards describe remote servers only`);
        const found = await findServerCard(url);
        return ok(compareCard(found.card, found.source, state));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
