/**
 * Walking a paginated list (`collectPages`) and what a list that stopped early or lied did (issue 14 item 7, issue 27 item 6), in one
 * wording for every list (`tools/list`, `resources/list`, `resources/templates/list`,
 * `prompts/list`), shown where the list is shown (`switchboard tools`/`resources`/`prompts`, their
 * `--json`, the window's lists) and in the server's status.
 */
import type { Client } from '@modelcontextprotocol/client';
import { AnyResultSchema } from '../tools/tool-bridge.js';

/** Pages of any paginated list followed at most (tools, resources, templates, prompts; the SDK's own walk on 2026-07-28 has its `listMaxPages`). */
export const MAX_LIST_PAGES = 100;

/**
 * Follow a paginated list to the end: `fetch(cursor)` per page, stop on an empty or repeated
 * `nextCursor` or after `maxPages` pages. `truncated` is true when a repeated cursor or the page cap
 * stopped it (`cappedAt`: the cap) (an empty cursor is the normal end). With `keyOf`, an item whose key was already
 * listed is dropped and counted in `duplicates` (issue 14 item 7: a server that ignores the cursor
 * sends its first page again).
 */
export async function collectPages<T>(
  fetch: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
  maxPages = MAX_LIST_PAGES,
  keyOf?: (item: T) => string,
): Promise<{ items: T[]; truncated: boolean; repeated: boolean; duplicates: number; cappedAt?: number }> {
  const items: T[] = [];
  const keys = new Set<string>();
  let duplicates = 0;
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const r = await fetch(cursor);
    for (const item of r.items) {
      const key = keyOf?.(item);
      if (key !== undefined && keys.has(key)) duplicates++;
      else {
        if (key !== undefined) keys.add(key);
        items.push(item);
      }
    }
    const next = r.nextCursor;
    if (!next) return { items, truncated: false, repeated: false, duplicates };
    if (seen.has(next)) return { items, truncated: true, repeated: true, duplicates };
    seen.add(next);
    cursor = next;
  }
  return { items, truncated: true, repeated: false, duplicates, cappedAt: maxPages };
}

/** How a walk over the pages of one list ended. */
export interface ListWalk {
  /** Items kept (duplicates by key already dropped). */
  count: number;
  /** The server handed back a cursor it had already sent: listing stopped there. */
  repeated: boolean;
  /** The walk stopped at its page limit with a cursor still to follow: the pages it gave up on (the limit). */
  cappedAt?: number;
  /** Items dropped because their key was already listed. */
  duplicates: number;
}

/**
 * E.g. `tools/list repeated a cursor, so listing stopped and the list may be incomplete; 5 duplicate
 * tools dropped: 5 tools`, or `resources/list stopped at its limit of 100 pages, so the list is
 * incomplete: 1000 resources`; undefined when the list was whole and sound. `noun`: the singular
 * item word (`tool`, `resource`, `template`, `prompt`).
 */
export function listWarning(method: string, noun: string, walk: ListWalk): string | undefined {
  const plural = (n: number): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const why = walk.repeated
    ? 'repeated a cursor, so listing stopped and the list may be incomplete'
    : walk.cappedAt !== undefined
      ? `stopped at its limit of ${walk.cappedAt} pages, so the list is incomplete`
      : walk.duplicates > 0
        ? `sent ${noun}s twice`
        : undefined;
  if (why === undefined) return undefined;
  return `${method} ${why}${walk.duplicates > 0 ? `; ${plural(walk.duplicates).replace(/^(\d+) /, '$1 duplicate ')} dropped` : ''}: ${plural(walk.count)}`;
}

/**
 * One page of a paginated list (`tools/list`, `resources/list`…), as the server sent it. The SDK's
 * `listTools()` and friends walk every page themselves when no cursor is given and throw past 64
 * pages; we page ourselves so a repeated cursor ends the list instead (and the cap is ours).
 */
export async function requestPage(client: Client, method: string, cursor: string | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
  return client.request({ method, params: cursor === undefined ? {} : { cursor } }, AnyResultSchema, { timeout: timeoutMs });
}
