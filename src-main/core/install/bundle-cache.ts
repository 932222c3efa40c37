/**
 * Checked MCPB bundles kept in memory between plans (docs/registry.md § Install): the install dialog
 * re-plans 300 ms after each change, and each plan downloaded and opened the bundle again. A bundle is
 * kept by (URL, fileSha256) — the content is the hash, so every plan may share it — at most
 * `MAX_KEPT` of them and `MAX_KEPT_BYTES` together, the least recently used going first. A plan
 * waiting on a download in progress shares it; a failed download or open is not kept.
 */
import { downloadBundle, openBundle, type OpenBundle } from './mcpb-bundle.js';

/** How many checked bundles are kept. */
export const MAX_KEPT = 2;
/** How many downloaded bytes they may hold together. */
export const MAX_KEPT_BYTES = 256 * 1024 * 1024;

const kept = new Map<string, Promise<OpenBundle>>();
/** The downloaded size of each kept bundle (0 while it downloads). */
const sizes = new Map<string, number>();

/**
 * `openBundle(downloadBundle(url, sha256, fetchImpl))`, from memory when the same URL and hash were
 * checked lately. Throws as those two.
 */
export function checkedBundle(url: string, sha256: string | undefined, fetchImpl?: typeof fetch): Promise<OpenBundle> {
  const key = `${sha256 ?? ''} ${url}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit); // most recently used last
    return hit;
  }
  const bundle = downloadBundle(url, sha256, fetchImpl).then((bytes) => {
    if (kept.get(key) === bundle) sizes.set(key, bytes.length);
    trim();
    return openBundle(bytes);
  });
  bundle.catch(() => {
    if (kept.get(key) !== bundle) return;
    kept.delete(key);
    sizes.delete(key);
  });
  kept.set(key, bundle);
  sizes.set(key, 0);
  trim();
  return bundle;
}

/** Drop the least recently used bundles past the limits (never the newest). */
function trim(): void {
  let total = [...sizes.values()].reduce((sum, n) => sum + n, 0);
  for (const key of kept.keys()) {
    if (kept.size <= 1 || (kept.size <= MAX_KEPT && total <= MAX_KEPT_BYTES)) return;
    total -= sizes.get(key) ?? 0;
    kept.delete(key);
    sizes.delete(key);
  }
}
