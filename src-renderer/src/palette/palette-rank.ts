/**
 * The command palette's ranking (issue 37 item 3): which entries a query shows, in which order.
 * Pure: the entries come from the renderer's store (palette-items.ts), the recent picks from
 * local storage (recent-picks.ts).
 *
 * Order: entries picked recently come first (most recent first), then the rest by fuzzy score
 * (`fuzzysort`: 1 is an exact match, 0 none; the letters of the query in order, a word start and
 * a contiguous run scoring higher; each space-separated word of the query must match), ties kept
 * in the order the entries were given. An empty query lists every entry, recent ones first.
 */
import fuzzysort from 'fuzzysort';

/** One thing the palette can jump to or do. */
export interface PaletteEntry {
  /** Stable across sessions (what recent picks remember), e.g. `tool:everything/echo`. */
  id: string;
  /** What the row shows and what the query is matched against, e.g. `echo — everything`. */
  label: string;
  /** A second, dimmed line (not matched). */
  description?: string;
  /** Extra words matched besides the label (e.g. the view's other name). */
  keywords?: string;
}

/** `entries` that match `query`, recent picks first (in `recent`'s order, most recent first), then by fuzzy score; at most `limit`. */
export function rankEntries<T extends PaletteEntry>(entries: readonly T[], query: string, recent: readonly string[], limit = 50): T[] {
  const q = query.trim();
  const recency = new Map(recent.map((id, i) => [id, i]));
  const scored: { entry: T; score: number; order: number; recent: number }[] = [];
  entries.forEach((entry, order) => {
    const score = q === '' ? 0 : (fuzzysort.single(q, entry.keywords ? `${entry.label} ${entry.keywords}` : entry.label)?.score ?? -1);
    if (score < 0) return;
    scored.push({ entry, score, order, recent: recency.get(entry.id) ?? Number.POSITIVE_INFINITY });
  });
  scored.sort((a, b) => a.recent - b.recent || b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.entry);
}
