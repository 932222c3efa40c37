/**
 * The disk cache of registry answers (issue 36 item 1, docs/registry.md § Registries and cache):
 * one file per (registry URL, request path) in `<data>/registry-cache/`, named by a hash of both,
 * holding `{ v: 1, registry, path, savedAt, body }` (`savedAt`: epoch ms). Written with the data
 * folder's rules (data-files.ts: atomic, 0600 in a 0700 folder, never through a link); each file is
 * a whole answer, so two processes writing the same one leave one of the two answers, never a mix.
 * Bounded: past 400 files the oldest are removed. Registry answers are public: nothing secret is
 * written here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readDataText, writeDataFile } from '../data/data-files.js';

/** The cache folder's name in the data folder. */
export const REGISTRY_CACHE_DIR = 'registry-cache';
/** Files kept at most. */
export const MAX_CACHE_FILES = 400;

/** A cached answer. */
export interface CachedAnswer {
  body: unknown;
  /** When it was fetched (epoch ms). */
  savedAt: number;
}

function fileFor(dataDir: string, registryUrl: string, path: string): string {
  const key = createHash('sha256').update(`${registryUrl}\n${path}`).digest('hex').slice(0, 40);
  return join(dataDir, REGISTRY_CACHE_DIR, `${key}.json`);
}

/** The cached answer of `path` at `registryUrl`, or undefined (none, unreadable, or of another request). */
export function readCachedAnswer(dataDir: string, registryUrl: string, path: string): CachedAnswer | undefined {
  try {
    const j = JSON.parse(readDataText(fileFor(dataDir, registryUrl, path))) as { v?: unknown; registry?: unknown; path?: unknown; savedAt?: unknown; body?: unknown };
    if (j.v !== 1 || j.registry !== registryUrl || j.path !== path || typeof j.savedAt !== 'number') return undefined;
    return { body: j.body, savedAt: j.savedAt };
  } catch {
    return undefined;
  }
}

/** Keep `body` as the answer of `path` at `registryUrl`, fetched at `savedAt`. Never rejects (a cache that cannot be written is no cache). */
export async function writeCachedAnswer(dataDir: string, registryUrl: string, path: string, body: unknown, savedAt: number): Promise<void> {
  try {
    await writeDataFile(fileFor(dataDir, registryUrl, path), `${JSON.stringify({ v: 1, registry: registryUrl, path, savedAt, body })}\n`, { keepPrev: false });
    prune(join(dataDir, REGISTRY_CACHE_DIR));
  } catch {
    // The answer is still returned; only offline search loses it.
  }
}

function prune(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  if (names.length <= MAX_CACHE_FILES) return;
  const aged = names.map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => a.t - b.t);
  for (const { n } of aged.slice(0, names.length - MAX_CACHE_FILES)) unlinkSync(join(dir, n));
}
