/**
 * Newer versions of servers installed from an MCP Registry (issue 36 item 3, docs/registry.md §
 * Install): each recorded origin (registry-origins.ts) compared with the registry's answer for its
 * `versions/latest` as cached on disk — never a registry call here. Pure but for what the reader
 * reads. The owner refreshes those answers at most once a day (`dueForRefresh`); a one-shot CLI
 * only reads them.
 */
import { compareVersions } from '../../../src-shared/semver-order.js';
import type { RegistryOrigin } from './registry-origins.js';

/** How often the owner asks a registry again for an installed server's latest version (ms). */
export const REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

/** A cached `latest` answer: the version it names and when it was fetched (epoch ms). */
export interface CachedLatest {
  version: string;
  savedAt: number;
}

/** Reads the cached `latest` answer of `name` at `registryUrl`, or undefined. */
export type LatestReader = (registryUrl: string, name: string) => CachedLatest | undefined;

/** One installed server with a newer version published. */
export interface RegistryUpdate {
  /** The definition's name and file. */
  server: string;
  file: string;
  /** The entry's registry name, display registry and versions. */
  name: string;
  registry: string;
  installed: string;
  latest: string;
  /** When the registry said so (epoch ms). */
  checkedAt: number;
}

/** SemVer precedence (`1.0.0-rc.10` after `rc.9`): src-shared/semver-order.ts. */
export { compareVersions };

/** The origins whose registry's cached latest version is newer than the one installed. */
export function registryUpdates(origins: readonly RegistryOrigin[], latest: LatestReader): RegistryUpdate[] {
  const out: RegistryUpdate[] = [];
  for (const o of origins) {
    const cached = latest(o.registryUrl, o.name);
    if (!cached || compareVersions(cached.version, o.version) <= 0) continue;
    out.push({ server: o.server, file: o.file, name: o.name, registry: o.registry, installed: o.version, latest: cached.version, checkedAt: cached.savedAt });
  }
  return out;
}

/** The (registry URL, name) pairs whose cached answer is missing or older than `REFRESH_EVERY_MS`, each once. */
export function dueForRefresh(origins: readonly RegistryOrigin[], latest: LatestReader, now: number): { registryUrl: string; name: string }[] {
  const seen = new Set<string>();
  const out: { registryUrl: string; name: string }[] = [];
  for (const o of origins) {
    const key = `${o.registryUrl}\n${o.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const cached = latest(o.registryUrl, o.name);
    if (!cached || now - cached.savedAt >= REFRESH_EVERY_MS) out.push({ registryUrl: o.registryUrl, name: o.name });
  }
  return out;
}
