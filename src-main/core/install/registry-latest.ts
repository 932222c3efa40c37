/**
 * The cached `versions/latest` answers that `registry:updates` reads (issue 36 item 3), in the
 * registry cache's own files (registry/registry-cache.ts), and the owner's refresh of them: at most
 * once a day per installed entry (`dueForRefresh`), only in a core that owns (not a one-shot CLI
 * core, which never calls a registry). A registry that cannot be asked (down, 404, no version) is
 * not asked again for that entry before a day has passed either: the failed attempt's time is kept
 * in memory for the owner's life; nothing is written then.
 */
import { readCachedAnswer, writeCachedAnswer } from '../registry/registry-cache.js';
import { registryGet, versionPath } from '../registry/registry-client.js';
import { readOrigins } from './registry-origins.js';
import { dueForRefresh, REFRESH_EVERY_MS, type CachedLatest, type LatestReader } from './registry-updates.js';

/** How often the owner looks for answers due for a refresh (ms). */
const ROUND_MS = 60 * 60 * 1000;
/** The first round, after the owner started (ms): start-up is left alone. */
const FIRST_ROUND_MS = 60 * 1000;

/** The version a `versions/<v>` answer (`{ server: { version } }`) names, or undefined. */
function versionOf(body: unknown): string | undefined {
  const v = (body as { server?: { version?: unknown } } | null)?.server?.version;
  return typeof v === 'string' ? v : undefined;
}

/** A reader of the cached latest answers of `dataDir`. */
export function cachedLatest(dataDir: string): LatestReader {
  return (registryUrl, name): CachedLatest | undefined => {
    const hit = readCachedAnswer(dataDir, registryUrl, versionPath(name, 'latest'));
    const version = hit ? versionOf(hit.body) : undefined;
    return hit && version !== undefined ? { version, savedAt: hit.savedAt } : undefined;
  };
}

/**
 * Ask each registry again for the installed entries due (`dueForRefresh`) and cache the answers.
 * `failedAt` (kept by the caller between rounds): when asking for `<registryUrl>\n<name>` last
 * failed (epoch ms); such an entry is skipped until `REFRESH_EVERY_MS` after that. Never rejects.
 */
export async function refreshLatest(dataDir: string, now: () => number = Date.now, failedAt: Map<string, number> = new Map()): Promise<void> {
  for (const due of dueForRefresh(readOrigins(dataDir), cachedLatest(dataDir), now())) {
    const key = `${due.registryUrl}\n${due.name}`;
    const failed = failedAt.get(key);
    if (failed !== undefined && now() - failed < REFRESH_EVERY_MS) continue;
    try {
      const path = versionPath(due.name, 'latest');
      const body = await registryGet(due.registryUrl, path);
      if (versionOf(body) === undefined) throw new Error('no version in the answer');
      await writeCachedAnswer(dataDir, due.registryUrl, path, body, now());
      failedAt.delete(key);
    } catch {
      failedAt.set(key, now()); // down or gone: asked again in a day
    }
  }
}

/** Start the owner's rounds (timers unref'd, so they never keep a process alive); returns the stop. */
export function startLatestRefresh(dataDir: string): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const failedAt = new Map<string, number>();
  const first = setTimeout(() => {
    void refreshLatest(dataDir, Date.now, failedAt);
    interval = setInterval(() => void refreshLatest(dataDir, Date.now, failedAt), ROUND_MS);
    interval.unref?.();
  }, FIRST_ROUND_MS);
  first.unref?.();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
