/**
 * Edits of one server as a patch (docs/operator-verbs.md edit): `env` / `headers` merge key by key (a key set to
 * `null` is removed, the others stay), any field set to `null` is removed, absent fields stay.
 * After writing, `patchReport` says which requested fields the host's file now holds and which it
 * has no place for, so an edit never just says "Updated" when nothing changed.
 */
import type { MCPServer } from '../../../src-shared/config/server.js';

/** Key-by-key change of a string map: a value sets or replaces the key, `null` removes it. */
export type MapPatch = Record<string, string | null>;

/** Fields that merge key by key. */
const MAP_FIELDS = ['env', 'headers'] as const;
type MapField = (typeof MAP_FIELDS)[number];
const isMapField = (k: string): k is MapField => (MAP_FIELDS as readonly string[]).includes(k);

/** A canonical patch: a field set to `null` is removed; absent fields stay; `env`/`headers` merge. */
export type ServerPatch = { [K in keyof MCPServer]?: (K extends MapField ? MapPatch : MCPServer[K]) | null };

/** `map` with `patch` merged in; `undefined` when nothing is left. */
export function mergeMap(map: Record<string, string> | undefined, patch: MapPatch): Record<string, string> | undefined {
  const out: Record<string, string> = { ...(map ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Apply a patch to a canonical server (`null` removes a field; `env`/`headers` merge key by key). */
export function applyPatch(server: MCPServer, patch: ServerPatch): MCPServer {
  const out: Record<string, unknown> = { ...server };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (v === undefined) continue;
    else if (isMapField(k)) {
      const merged = mergeMap(server[k], v as MapPatch);
      if (merged) out[k] = merged;
      else delete out[k];
    } else out[k] = v;
  }
  return out as MCPServer;
}

/** What an edit did, per requested field (`env.KEY` / `headers.KEY` for map keys). */
export interface PatchReport {
  /** Fields the file now holds as asked (or already held). */
  written: string[];
  /** Fields the host's file has no place for: unchanged. */
  notWritten: string[];
  /** Fields written differently from what was asked (e.g. a timeout rounded to the host's unit). */
  adjusted: string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The requested fields of `patch` as `[label, get]` pairs (a map patch: one per key). */
function requested(patch: ServerPatch): [string, (s: MCPServer) => unknown][] {
  const out: [string, (s: MCPServer) => unknown][] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (isMapField(k) && v !== null) {
      for (const key of Object.keys(v as MapPatch)) out.push([`${k}.${key}`, (s) => s[k]?.[key]]);
    } else out.push([k, (s) => (s as Record<string, unknown>)[k]]);
  }
  return out;
}

/**
 * Compare what was asked (`wanted` = `applyPatch(before, patch)`) with what the file holds after
 * the write (`after`, read back): a field that still has its old value although another was asked
 * is `notWritten`; one that changed but not to the asked value is `adjusted`. Pure.
 */
export function patchReport(patch: ServerPatch, before: MCPServer, wanted: MCPServer, after: MCPServer): PatchReport {
  const report: PatchReport = { written: [], notWritten: [], adjusted: [] };
  for (const [label, get] of requested(patch)) {
    const want = get(wanted);
    const got = get(after);
    if (same(got, want)) report.written.push(label);
    else if (same(got, get(before))) report.notWritten.push(label);
    else report.adjusted.push(label);
  }
  return report;
}
