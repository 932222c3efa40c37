/**
 * Shapes of the MCP Registry as the faces see them (issue 36, docs/registry.md): a configured
 * registry, one server version as a card, what a search or a show answered and how fresh it is, and
 * the outcome of validating a `server.json`. The full `server.json` travels as plain JSON (already
 * checked on the main side against the schema kept in src-main/core/registry/schemas/).
 */
import { z } from 'zod';

/** The official registry, configured when the person has configured none. */
export const OFFICIAL_REGISTRY = { name: 'official', url: 'https://registry.modelcontextprotocol.io' } as const;

/** A registry's display name: short, no spaces (it prefixes names in the CLI, `R:io.x/y`). */
export const RegistryNameSchema = z.string().min(1).max(40).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only');

/** One configured registry: its name as shown and its base URL (the API lives under `<url>/v0.1/`). */
export const RegistryConfigSchema = z.object({ name: RegistryNameSchema, url: z.string().min(1).max(2000) });
export type RegistryConfig = z.infer<typeof RegistryConfigSchema>;

/**
 * A registry entry's status. A status a registry sends beyond these is read as `deleted` (never
 * installable) with a warning naming it: the safe side of a word we do not know.
 */
export const RegistryStatusSchema = z.enum(['active', 'deprecated', 'deleted']);
export type RegistryStatus = z.infer<typeof RegistryStatusSchema>;

/** A package of a card, as shown (the install dialog reads the full `server.json`). */
export const RegistryCardPackageSchema = z.object({
  /** `npm`, `pypi`, `oci`, `nuget`, `mcpb`, or what the entry says. */
  registryType: z.string(),
  identifier: z.string(),
  version: z.string().optional(),
  /** `stdio`, `streamable-http` or `sse`. */
  transport: z.string(),
  runtimeHint: z.string().optional(),
});

/** A remote endpoint of a card; `url` may hold `{variables}` still to fill in. */
export const RegistryCardRemoteSchema = z.object({ type: z.string(), url: z.string() });

/** One server version of one registry, as a card shows it. Text fields are server-provided: untrusted. */
export const RegistryCardSchema = z.object({
  /** The configured registry's name it came from (the same server name in two registries gives two cards). */
  registry: z.string(),
  name: z.string(),
  title: z.string().optional(),
  /** Cut to 500 characters for display (`descriptionTruncated`); `registry:show`'s `server` has it whole. */
  description: z.string(),
  descriptionTruncated: z.boolean(),
  version: z.string(),
  status: RegistryStatusSchema,
  /** The registry's word on a non-active status (shown as a warning). */
  statusMessage: z.string().optional(),
  /** ISO 8601 times from the registry's `_meta` when it sends them. */
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** Whether this is the registry's latest version of the name (absent when the registry does not say). */
  isLatest: z.boolean().optional(),
  packages: z.array(RegistryCardPackageSchema),
  remotes: z.array(RegistryCardRemoteSchema),
  repository: z.object({ url: z.string(), source: z.string().optional() }).optional(),
  websiteUrl: z.string().optional(),
  /** False for a `deleted` entry (never installable) and for one with neither package nor remote. */
  installable: z.boolean(),
  /** What a person should read first: a deprecation's message, a deletion. */
  warnings: z.array(z.string()),
});
export type RegistryCard = z.infer<typeof RegistryCardSchema>;

/** An entry a registry sent that was not understood: skipped, never the whole answer. */
export const RegistrySkippedSchema = z.object({
  /** Its place in the page (0-based). */
  index: z.number().int(),
  /** Its name when it had a readable one. */
  name: z.string().optional(),
  /** Why, with the failing JSON path (`/server/version: must be string`). */
  reason: z.string(),
});
export type RegistrySkipped = z.infer<typeof RegistrySkippedSchema>;

/** How fresh an answer is: from the network now, or from the disk cache of an earlier answer. */
export const RegistryCacheInfoSchema = z.object({
  fromCache: z.boolean(),
  /** Age of the answer in milliseconds (0 for a network answer). */
  ageMs: z.number(),
  /** Why the network was not used (the registry was down: its error in words). */
  reason: z.string().optional(),
});
export type RegistryCacheInfo = z.infer<typeof RegistryCacheInfoSchema>;

/** One registry's part of a search answer. */
export const RegistrySearchPartSchema = z.object({
  registry: z.string(),
  url: z.string(),
  /** Null when the registry was down and nothing was cached: `error` says why. */
  cache: RegistryCacheInfoSchema.nullable(),
  error: z.string().optional(),
  /** Pass back as `cursor` with `registry` for this registry's next page; absent on the last page. */
  nextCursor: z.string().optional(),
  /** Entries of this page hidden because their status is not `active` (`includeInactive` shows them). */
  hidden: z.number().int(),
  skipped: z.array(RegistrySkippedSchema),
});
export type RegistrySearchPart = z.infer<typeof RegistrySearchPartSchema>;

export const RegistrySearchResultSchema = z.object({
  /** Cards in registry order (as configured), then in each registry's order. */
  cards: z.array(RegistryCardSchema),
  registries: z.array(RegistrySearchPartSchema),
});
export type RegistrySearchResult = z.infer<typeof RegistrySearchResultSchema>;

/** A version of a name in one registry (`registry:show`'s list). */
export const RegistryVersionSchema = z.object({
  version: z.string(),
  status: RegistryStatusSchema,
  publishedAt: z.string().optional(),
  isLatest: z.boolean().optional(),
});

/** One schema violation: the JSON Pointer of the failing place (`/packages/0/version`) and what is wrong. */
export const SchemaProblemSchema = z.object({ path: z.string(), message: z.string() });
export type SchemaProblem = z.infer<typeof SchemaProblemSchema>;

export const RegistryShowResultSchema = z.object({
  card: RegistryCardSchema,
  /** The whole `server.json` of that version, exactly as the registry sent it. */
  server: z.record(z.string(), z.unknown()),
  /** Where `server` fails the schema it names (src-main/core/registry/server-json-schema.ts); empty: valid. */
  problems: z.array(SchemaProblemSchema),
  /** Every version the registry lists for the name (empty when it would not say). */
  versions: z.array(RegistryVersionSchema),
  /** Other configured registries that list the same name. */
  alsoIn: z.array(z.string()),
  cache: RegistryCacheInfoSchema,
});
export type RegistryShowResult = z.infer<typeof RegistryShowResultSchema>;

export const ServerJsonValidationSchema = z.object({
  valid: z.boolean(),
  /** The `$schema` the document named (absent when it named none). */
  named: z.string().optional(),
  /** The schema version it was checked against (`2025-12-11`). */
  checkedAgainst: z.string(),
  /** Says when the named version is unknown here (then it was checked against the newest known). */
  note: z.string().optional(),
  problems: z.array(SchemaProblemSchema),
  /** The card it would make (when valid). */
  card: RegistryCardSchema.optional(),
  /** The document, when valid (an invalid file or URL is not echoed back). */
  server: z.record(z.string(), z.unknown()).optional(),
});
export type ServerJsonValidation = z.infer<typeof ServerJsonValidationSchema>;
