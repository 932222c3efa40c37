/**
 * The lines of `switchboard status` for servers installed from an MCP Registry with a newer version
 * published (issue 36 item 3, docs/registry.md § Install), from `registry:updates` (cached answers
 * only): `Update: filesystem 1.0.0 → 1.1.0 published in official (io.github.x/filesystem; checked 3 h ago)`.
 */
import type { RegistryUpdate } from '../../../src-shared/api/methods/registry-install.js';

/** How long ago `at` was, in the largest whole unit (`5 min`, `3 h`, `2 d`). */
function ago(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min`;
  if (s < 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}

/** One line per update; none when there is none. */
export function registryUpdateLines(updates: readonly RegistryUpdate[], now: number): string[] {
  return updates.map(
    (u) => `Update: ${u.server} ${u.installed} → ${u.latest} published in ${u.registry} (${u.name}; checked ${ago(u.checkedAt, now)} ago)`,
  );
}
