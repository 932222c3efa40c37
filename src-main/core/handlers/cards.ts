/**
 * Handlers of `cards:*` (issue 36 item 5; SEP-2127 Server Cards, Beta; docs/registry.md § Server
 * Cards): `cards:fetch` finds and validates a card and returns the prefill (a card presetting a value
 * that would not be read literally — `!command`, an environment variable name, a placeholder — is
 * refused, `checkOutsideDefinition`; nothing written; the add
 * itself is `config:add`, with its keychain rules, and its `fromCard` records the origin);
 * `cards:compare` reads a connected server's card again (discovered from the server's own URL) and
 * lists where it and the live server differ; `cards:origin` answers the recorded origin with the
 * comparison made once at that server's first successful connect. No trust, pin or approval is
 * ever derived from a card.
 */
import { resolve } from 'node:path';
import { ok } from '../../../src-shared/api/envelope.js';
import type { CardCompareResult } from '../../../src-shared/api/cards.js';
import { findServerCard } from '../cards/card-discovery.js';
import { compareCard } from '../cards/card-compare.js';
import { readCardOrigins, recordCardOrigin } from '../cards/card-origins.js';
import { cardPrefill, cardPresetProblems, cardSummary } from '../cards/card-prefill.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';
import type { ServerRuntime } from '../mcp/manager/types.js';

export function cardsHandlers(ctx: CoreContext): HandlerGroup<'cards:fetch' | 'cards:compare' | 'cards:origin'> {
  const dataDir = ctx.options.dataDir;
  const compare = async (server: string): Promise<CardCompareResult> => {
    await ctx.ensureDiscovered();
    const state = ctx.snapshot().servers.find((s) => s.server.name === server);
    if (state === undefined) throw new CoreError('NOT_FOUND', `No server named "${server}"`);
    const url = state.server.url;
    if (url === undefined) throw new CoreError('BAD_REQUEST', `"${server}" is a command (stdio) server: Server Cards describe remote servers only`);
    const found = await findServerCard(url);
    return compareCard(found.card, found.source, state);
  };

  // After the first successful connect of a server added from a card: compare once and keep the answer.
  const comparing = new Set<string>();
  // A server's last announced status: only its turning `connected` is a connect. Every tool call
  // announces its server's runtime again (manager.callResolved), and reacting to each of those built
  // a whole snapshot and read card-origins.json on the call's own path (issue 32 item 1).
  const lastStatus = new Map<string, ServerRuntime['status']>();
  const onStatus = (rt: ServerRuntime): void => {
    const before = lastStatus.get(rt.name);
    lastStatus.set(rt.name, rt.status);
    if (rt.status !== 'connected' || before === 'connected' || comparing.has(rt.name)) return;
    // Most servers come from no card: the small record file first, the snapshot only for one that does.
    const waiting = readCardOrigins(dataDir).filter((o) => o.server === rt.name && o.compared === undefined);
    if (waiting.length === 0) return;
    // The record of the definition that runs under this name (a same-named one elsewhere is another definition).
    const file = ctx.snapshot().servers.find((s) => s.server.name === rt.name)?.server.source.file;
    const origin = file === undefined ? undefined : waiting.find((o) => resolve(o.file) === resolve(file));
    if (origin === undefined) return;
    comparing.add(rt.name);
    void compare(rt.name)
      .then((result) => recordCardOrigin(dataDir, { ...origin, compared: { at: new Date().toISOString(), result } }))
      .then(() => ctx.pokeServersChanged()) // faces showing the server read the kept comparison
      .catch(() => undefined) // no card now (or unreachable): nothing kept, the button still asks later
      .finally(() => comparing.delete(rt.name));
  };
  ctx.manager.on('status', onStatus);
  ctx.onDispose(() => ctx.manager.off('status', onStatus));

  return {
    'cards:fetch': async ({ url, entry }) => {
      try {
        const found = await findServerCard(url, entry);
        const prefill = cardPrefill(found.card);
        // A card is an outside definition (install/outside-definition.ts): a preset that would not be read literally refuses the card.
        const live = prefill ? cardPresetProblems(prefill, ctx.options.platform.env) : [];
        if (live.length > 0) throw new CoreError('INVALID_CONFIG', `The Server Card at ${found.source} was refused: a card may preset literal values only. ${live.join('; ')}. Nothing was written.`);
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
        return ok(await compare(server));
      } catch (err) {
        return toFailure(err);
      }
    },

    'cards:origin': async ({ server }) => {
      // The winning definition's record (a copy of the name in another file is another definition).
      const file = (await ctx.ensureDiscovered(), ctx.snapshot().servers.find((s) => s.server.name === server)?.server.source.file);
      const origin = readCardOrigins(dataDir).find((o) => o.server === server && (file === undefined || o.file === file));
      return ok({ origin: origin ?? null });
    },
  };
}
