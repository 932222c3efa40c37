/**
 * Uptime as docs/operator-verbs.md#status-view shows it, shared by the CLI and the UI so both read the same: `45s`, `2m 15s`,
 * `3h 5m`, `2d 4h`. Pure.
 */

/** `ms` (negative counts as 0) as `45s` / `2m 15s` / `3h 5m` / `2d 4h`. */
export function formatUptime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${m % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}
