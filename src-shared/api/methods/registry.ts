/**
 * `registry:*` (issue 36, docs/registry.md): the MCP Registries the person configured (the official
 * one by default), search and show over their `/v0.1/` API with answers cached on disk (a registry
 * that is down answers from its cache and says how old), and validating a `server.json` against the
 * schema version it names. Reading a registry is the person's explicit act (a search, a show); the
 * core never calls one on its own except where a method says so.
 */
import { z } from 'zod';
import {
  RegistryConfigSchema,
  RegistryNameSchema,
  RegistrySearchResultSchema,
  RegistryShowResultSchema,
  ServerJsonValidationSchema,
} from '../registry.js';

const RegistriesSchema = z.object({
  registries: z.array(RegistryConfigSchema.extend({ /** True for the built-in default (nothing configured). */ isDefault: z.boolean() })),
  /** Set when state.json holds registries none of which reads: the official one is used instead. */
  warning: z.string().optional(),
});

export const registryMethods = {
  /** The configured registries, in search order (the official one when none is configured). */
  'registry:list': { input: z.object({}).strict(), output: RegistriesSchema },
  /**
   * Replace the configured registries (kept in state.json under `registries`). Names must be
   * unique; URLs http(s). An empty list means "none" (search answers nothing); `null` restores the
   * default (the official registry). BAD_REQUEST for a duplicate name or a URL that is not http(s).
   */
  'registry:configure': {
    input: z.object({ registries: z.array(RegistryConfigSchema).max(20).nullable() }).strict(),
    output: RegistriesSchema,
  },
  /**
   * Search every configured registry (or only `registry`) for `text` (empty: list everything), one
   * page each. Entries whose status is not `active` are hidden unless `includeInactive`. For the next
   * page of one registry pass its `nextCursor` as `cursor` together with `registry` (BAD_REQUEST:
   * a cursor without a registry while several are configured). A registry that is down answers from
   * its cache (`cache.fromCache`, `cache.ageMs`), else says so in `error` — the search itself never
   * fails for one registry. NOT_FOUND for an unknown `registry` name.
   */
  'registry:search': {
    input: z
      .object({
        text: z.string().max(200),
        registry: RegistryNameSchema.optional(),
        cursor: z.string().max(2000).optional(),
        includeInactive: z.boolean().optional(),
        /** Entries per page asked of each registry (default 30, at most 100). */
        limit: z.number().int().min(1).max(100).optional(),
        /** RFC 3339 time: only entries updated since then (the registry's `updated_since`). */
        updatedSince: z.string().max(40).optional(),
      })
      .strict(),
    output: RegistrySearchResultSchema,
  },
  /**
   * One server version (`version` absent: the latest) from `registry` or, absent, the first
   * configured registry that lists the name; with the versions it lists. A deleted entry is shown
   * (marked, `installable: false`). NOT_FOUND: no configured registry lists the name (or that
   * version); CONNECTION_FAILED: the registry is down and nothing of it is cached.
   */
  'registry:show': {
    input: z
      .object({ name: z.string().min(1).max(200), version: z.string().min(1).max(255).optional(), registry: RegistryNameSchema.optional() })
      .strict(),
    output: RegistryShowResultSchema,
  },
  /**
   * Validate a `server.json` given as text (`json`), a file path (`file`, read on the main side) or
   * an http(s) URL (`url`, fetched now) — exactly one. Checked against the schema version its
   * `$schema` names; an unknown version is said (`note`) and checked against the newest kept.
   * A document that does not parse is `valid: false` with the parse error at path `/`. BAD_REQUEST:
   * not exactly one source; NOT_FOUND: no such file; CONNECTION_FAILED: the URL could not be fetched.
   */
  'registry:validate': {
    input: z
      .object({ json: z.string().max(1_000_000).optional(), file: z.string().min(1).max(4096).optional(), url: z.string().min(1).max(2000).optional() })
      .strict(),
    output: ServerJsonValidationSchema,
  },
} as const;
