/**
 * Search and show over the configured registries (issue 36 items 1–2, docs/registry.md § Search and
 * show): network first, the answer kept in the disk cache (registry-cache.ts); a registry that is
 * down answers from the cache of the same request with its age, else says why. `cache-only` reads
 * the cache and never the network (what a face that must not call a registry uses). Registries are
 * asked concurrently; answers keep the configured order.
 */
import type {
  RegistryCacheInfo,
  RegistryCard,
  RegistrySearchPart,
  RegistrySearchResult,
  RegistryShowResult,
} from '../../../src-shared/api/registry.js';
import { readCachedAnswer, writeCachedAnswer } from './registry-cache.js';
import { cardOf, readServerList } from './registry-cards.js';
import { RegistryFetchError, registryGet, serversPath, versionPath, versionsPath } from './registry-client.js';
import type { ConfiguredRegistry } from './registry-settings.js';
import { checkServerJson } from './server-json-schema.js';
import { KindedError } from './kinded-error.js';

/** Network first with the cache as fallback (the default), or the cache alone. */
export type RegistryReadMode = 'network-first' | 'cache-only';

/** Options every read takes. */
export interface RegistryReadOptions {
  dataDir: string;
  mode?: RegistryReadMode;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** An answer and how fresh it is. */
interface Fetched {
  body: unknown;
  cache: RegistryCacheInfo;
}

/**
 * GET `path` of `reg`: the network (kept in the cache), or — when it is down, or in `cache-only`
 * mode — the cache. Rejects with `RegistryFetchError` (`down` with the cache empty says so).
 */
export async function readThrough(reg: ConfiguredRegistry, path: string, o: RegistryReadOptions): Promise<Fetched> {
  const now = o.now ?? Date.now;
  const cached = (reason: string): Fetched => {
    const hit = readCachedAnswer(o.dataDir, reg.url, path);
    if (!hit) throw new RegistryFetchError('down', `${reason}; nothing of it is cached`);
    return { body: hit.body, cache: { fromCache: true, ageMs: Math.max(0, now() - hit.savedAt), reason } };
  };
  if (o.mode === 'cache-only') return cached('not asked (cache only)');
  try {
    const body = await registryGet(reg.url, path, o.timeoutMs);
    await writeCachedAnswer(o.dataDir, reg.url, path, body, now());
    return { body, cache: { fromCache: false, ageMs: 0 } };
  } catch (err) {
    if (err instanceof RegistryFetchError && err.kind === 'down') return cached(`${reg.url} is unreachable: ${err.message}`);
    throw err;
  }
}

/** What `search` asks. */
export interface SearchQuery {
  text: string;
  cursor?: string;
  includeInactive?: boolean;
  limit?: number;
  updatedSince?: string;
}

/** One page of one registry. */
async function searchOne(reg: ConfiguredRegistry, q: SearchQuery, o: RegistryReadOptions): Promise<{ part: RegistrySearchPart; cards: RegistryCard[] }> {
  const path = serversPath({ search: q.text.trim() || undefined, cursor: q.cursor, limit: q.limit ?? 30, updatedSince: q.updatedSince, version: 'latest' });
  const base = { registry: reg.name, url: reg.url, hidden: 0, skipped: [] };
  let fetched: Fetched;
  try {
    fetched = await readThrough(reg, path, o);
  } catch (err) {
    return { part: { ...base, cache: null, error: err instanceof Error ? err.message : String(err) }, cards: [] };
  }
  try {
    const page = readServerList(reg.name, fetched.body, true);
    const shown = q.includeInactive ? page.cards : page.cards.filter((c) => c.status === 'active');
    const part: RegistrySearchPart = { ...base, cache: fetched.cache, hidden: page.cards.length - shown.length, skipped: page.skipped, ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) };
    return { part, cards: shown };
  } catch (err) {
    return { part: { ...base, cache: fetched.cache, error: (err as Error).message }, cards: [] };
  }
}

/** One page from each registry in `regs`, in their order. Never rejects: a registry's failure is in its part. */
export async function searchRegistries(regs: readonly ConfiguredRegistry[], q: SearchQuery, o: RegistryReadOptions): Promise<RegistrySearchResult> {
  const pages = await Promise.all(regs.map((r) => searchOne(r, q, o)));
  return { cards: pages.flatMap((p) => p.cards), registries: pages.map((p) => p.part) };
}

/** Why `show` found nothing: `not-found` (no registry lists it) or `down` (one that might is unreachable, nothing cached). */
export class RegistryShowError extends KindedError<'not-found' | 'down' | 'malformed'> {}

/**
 * One version of `name` (`version` absent: `latest`) from the first registry of `regs` that lists
 * it, with that registry's versions and the other registries that list it too. Rejects with
 * `RegistryShowError`.
 */
export async function showServer(regs: readonly ConfiguredRegistry[], name: string, version: string | undefined, o: RegistryReadOptions): Promise<RegistryShowResult> {
  const path = versionPath(name, version ?? 'latest');
  const tries = await Promise.all(
    regs.map(async (reg) => {
      try {
        return { reg, fetched: await readThrough(reg, path, o), err: undefined };
      } catch (err) {
        return { reg, fetched: undefined, err: err instanceof RegistryFetchError ? err : new RegistryFetchError('bad-answer', String(err)) };
      }
    }),
  );
  const found = tries.flatMap((t) => (t.fetched === undefined ? [] : [{ reg: t.reg, fetched: t.fetched }]));
  const first = found[0];
  const what = `${name}${version === undefined ? '' : `@${version}`}`;
  if (!first) {
    const down = tries.flatMap((t) => (t.err !== undefined && t.err.kind !== 'not-found' ? [t.err.message] : []));
    if (down.length > 0) throw new RegistryShowError('down', `${what} could not be looked up: ${down.join('; ')}`);
    throw new RegistryShowError('not-found', `No configured registry (${regs.map((r) => r.name).join(', ') || 'none configured'}) lists ${what}`);
  }
  const r = cardOf(first.reg.name, first.fetched.body);
  if ('problem' in r) throw new RegistryShowError('malformed', `Registry ${first.reg.name} sent a malformed entry for ${what}: ${r.problem}`);
  const server = (first.fetched.body as { server: Record<string, unknown> }).server;
  const versions = await listVersions(first.reg, name, o);
  return {
    card: r.card,
    server,
    problems: checkServerJson(server).problems,
    versions,
    alsoIn: found.slice(1).map((t) => t.reg.name),
    cache: first.fetched.cache,
  };
}

/** The versions a registry lists for `name` (empty when it would not say). */
async function listVersions(reg: ConfiguredRegistry, name: string, o: RegistryReadOptions): Promise<RegistryShowResult['versions']> {
  try {
    const page = readServerList(reg.name, (await readThrough(reg, versionsPath(name), o)).body, false);
    return page.cards.map((c) => ({ version: c.version, status: c.status, ...(c.publishedAt === undefined ? {} : { publishedAt: c.publishedAt }), ...(c.isLatest === undefined ? {} : { isLatest: c.isLatest }) }));
  } catch {
    return [];
  }
}
