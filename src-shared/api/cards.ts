/**
 * Server Cards (SEP-2127, Beta; docs/registry.md § Server Cards): what `cards:fetch` found and the
 * remote definition it prefills, and what `cards:compare` saw differ from the live server. A card
 * is read before connecting and is never a reason to trust anything: these shapes carry no trust.
 */
import { z } from 'zod';

/** One header or URL variable the card asks for: the person types the value (masked when `secret`). */
export const CardInputSchema = z.object({
  name: z.string(),
  /** The card's `isSecret`: the value goes to the keychain, the file holds `${secret:…}`. */
  secret: z.boolean(),
  /** The card's `isRequired`. */
  required: z.boolean(),
  /** The card's text, shown as plain text (untrusted). */
  description: z.string().optional(),
  /** A preset (`value`) or `default` the card gives; never set for a secret. */
  value: z.string().optional(),
  /** The allowed values, when the card lists them. */
  choices: z.array(z.string()).optional(),
});
export type CardInput = z.infer<typeof CardInputSchema>;

/** The remote definition a card prefills (the first `streamable-http` remote, else the first `sse`). */
export const CardPrefillSchema = z.object({
  /** A local server name made from the card's `name` (its part after `/`, to the name rule). */
  name: z.string(),
  transport: z.enum(['http', 'sse']),
  /** The remote's URL as the card gives it; `{variable}` parts are filled from `variables`. */
  url: z.string(),
  headers: z.array(CardInputSchema),
  variables: z.array(CardInputSchema),
  /** The card's `description` (≤ 100 characters by the schema), as text. */
  description: z.string().optional(),
});
export type CardPrefill = z.infer<typeof CardPrefillSchema>;

/** The card's own fields, as shown (all text untrusted). */
export const CardSummarySchema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  title: z.string().optional(),
  websiteUrl: z.string().optional(),
  repository: z.string().optional(),
  remotes: z.array(z.object({ type: z.enum(['streamable-http', 'sse']), url: z.string(), supportedProtocolVersions: z.array(z.string()).optional() })),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

/** One location asked, in order, and what it answered (`card`, `catalog`, `404`, `not JSON`, …). */
export const CardAttemptSchema = z.object({ url: z.string(), outcome: z.string() });

export const CardFetchResultSchema = z.object({
  card: CardSummarySchema,
  /** The prefill, or absent when the card lists no remote (nothing to connect to). */
  prefill: CardPrefillSchema.optional(),
  /** The URL the card was read from (for an inline catalog entry: the catalog's URL). */
  source: z.string(),
  /** How it was found: the domain's AI Catalog, `<endpoint>/server-card`, the URL given, or an older location. */
  via: z.enum(['catalog', 'endpoint', 'given', 'older']),
  /** Other Server Card entries of the catalog (pass one's `identifier` as `entry` to read it instead). */
  others: z.array(z.object({ identifier: z.string(), url: z.string().optional() })),
  tried: z.array(CardAttemptSchema),
  /** What a person should know (plain HTTP, a card on another domain, a card without remotes, …). */
  warnings: z.array(z.string()),
});
export type CardFetchResult = z.infer<typeof CardFetchResultSchema>;

/** One field where the card and the live server (`server/discover` or `initialize`) disagree. */
export const CardDifferenceSchema = z.object({ field: z.string(), card: z.string(), live: z.string() });

export const CardCompareResultSchema = z.object({
  source: z.string(),
  differences: z.array(CardDifferenceSchema),
  /** Fields compared that agree. */
  agreed: z.array(z.string()),
  /** What could not be compared, and why (cards do not list tools; not connected; …). */
  notes: z.array(z.string()),
});
export type CardCompareResult = z.infer<typeof CardCompareResultSchema>;

/**
 * A definition added from a Server Card (`config:add` with `fromCard`), kept in
 * `<dataDir>/card-origins.json`; `compared` is cards:compare's answer at its first connect.
 */
export const CardOriginSchema = z.object({
  server: z.string(),
  file: z.string(),
  /** The URL the card was read from. */
  source: z.string(),
  cardName: z.string(),
  cardVersion: z.string(),
  addedAt: z.string(),
  compared: z.object({ at: z.string(), result: CardCompareResultSchema }).optional(),
});
export type CardOrigin = z.infer<typeof CardOriginSchema>;

/** What `config:add` is told about the card a definition came from (advisory; never trusted). */
export const FromCardSchema = z.object({ source: z.string().max(2048), name: z.string().max(200), version: z.string().max(200) }).strict();
