/** The cache state of a 2026-07-28 list (issue 12 item 3); shared by the status and inspector contracts. */
import { z } from 'zod';

/**
 * How a 2026-07-28 list was served (issue 12 item 3, `ttlMs` / `cacheScope`): from the client's cache
 * or fetched; when it was fetched and how old it is (epoch ms, ms); how long the server said it stays
 * fresh (`ttlMs`, 0 = immediately stale) and whether it still is; `scope` as the server said
 * (`private` when it said nothing). Absent for legacy servers, whose lists are always fetched.
 */
export const ListCacheStateSchema = z.object({
  fromCache: z.boolean(),
  fetchedAt: z.number(),
  ageMs: z.number(),
  ttlMs: z.number(),
  fresh: z.boolean(),
  scope: z.enum(['public', 'private']),
});
export type ListCacheState = z.infer<typeof ListCacheStateSchema>;
