/**
 * The palette's recent picks: entry ids, most recent first, at most `MAX_RECENT`, kept in the
 * renderer's local storage (a per-window convenience, not a setting: nothing in the core reads it;
 * unreadable or missing storage gives an empty list and a pick is then simply not remembered).
 */

/** How many picks are remembered. */
export const MAX_RECENT = 20;
const KEY = 'switchboard.palette.recent';

/** `recent` with `id` moved (or added) to the front, capped at `max`. Pure. */
export function withPick(recent: readonly string[], id: string, max = MAX_RECENT): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, max);
}

/** The stored picks (an empty list when none, or when the stored value is not a list of strings). */
export function loadRecent(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Remember `id` as the most recent pick; returns the new list. */
export function rememberPick(id: string): string[] {
  const next = withPick(loadRecent(), id);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the pick still happened, it is just not remembered.
  }
  return next;
}
