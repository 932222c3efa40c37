/**
 * `cards:*`: Server Cards (SEP-2127, Beta; docs/registry.md § Server Cards). `cards:fetch` finds and
 * validates a card for a URL or a domain and returns a prefill (nothing written; the add goes through
 * `config:add` like any other). `cards:compare` reads the card of a connected server again and says
 * where it and the live server differ. Neither trusts, pins or approves anything.
 */
import { z } from 'zod';
import { CardCompareResultSchema, CardFetchResultSchema, CardOriginSchema } from '../cards.js';
import { ServerName } from './common.js';

export const cardsMethods = {
  /**
   * Find the card for `url` (an endpoint URL, a card URL or a bare domain such as `example.com` or
   * `127.0.0.1:8080`): the domain's `/.well-known/ai-catalog.json` first, then `<url>/server-card`,
   * then the URL itself when it names a card, then older locations (`/.well-known/mcp/server-card.json`).
   * `entry`: a catalog identifier to read instead of the first. NOT_FOUND with every location tried;
   * BAD_REQUEST `Server Card at <url> is invalid: <path> <problem>` for a card that fails the schema.
   */
  'cards:fetch': { input: z.object({ url: z.string().min(1).max(2048), entry: z.string().max(2048).optional() }).strict(), output: CardFetchResultSchema },
  /** Read the card of `server` (an http/sse server) again and compare it with what the live connection reports. */
  'cards:compare': { input: z.object({ server: ServerName }).strict(), output: CardCompareResultSchema },
  /**
   * The card `server` was added from (`config:add` with `fromCard`) and, after its first connect,
   * the comparison kept then; `origin: null` when it was not added from a card. Reads no network.
   */
  'cards:origin': { input: z.object({ server: ServerName }).strict(), output: z.object({ origin: CardOriginSchema.nullable() }) },
} as const;
