/**
 * Tool search over every server's tools (issue 15 item 1): an index built once per tools snapshot
 * (lower-cased fields, so a keystroke is one pass of `includes` over 5,000 entries and no string
 * building), ranking raw/agent-name matches above description-only matches, and the pieces of a
 * text that a query matches (for highlighting). Pure.
 */
import type { ToolInfo } from '../../../src-shared/api/status.js';

/** One tool's searchable fields, lower-cased. */
export interface ToolSearchEntry {
  tool: ToolInfo;
  /** Raw name, agent-visible name and server, lower-cased, space-separated. */
  names: string;
  description: string;
  /** Raw and agent-visible name, lower-cased (rank 0 is a name starting with the query). */
  name: string;
  agentName: string;
}

/** Rank of a hit: 0 the name starts with the query, 1 every word in a name, 2 some word only in the description. */
export type HitRank = 0 | 1 | 2;

/** The hits of a query, best first (stable within a rank), and how many there are. */
export interface ToolSearchResult {
  hits: ToolInfo[];
  total: number;
}

const indexes = new WeakMap<readonly ToolInfo[], ToolSearchEntry[]>();
/** The last query ranked over an index and the positions of the entries it matched (ascending). */
const lastQuery = new WeakMap<readonly ToolSearchEntry[], { words: string[]; matched: number[] }>();

/** The index of `tools` (cached per array: the store replaces the array when the tools change). */
export function toolSearchIndex(tools: readonly ToolInfo[]): ToolSearchEntry[] {
  let index = indexes.get(tools);
  if (!index) {
    index = tools.map((t) => {
      const name = t.name.toLowerCase();
      const agentName = t.agentName.toLowerCase();
      return { tool: t, names: `${name} ${agentName} ${t.server.toLowerCase()}`, description: (t.description ?? '').toLowerCase(), name, agentName };
    });
    indexes.set(tools, index);
  }
  return index;
}

/** The words of a query: lower-cased, split on white space. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when every entry matching `words` also matched `before` (each earlier word is inside some new word). */
function narrows(before: readonly string[], words: readonly string[]): boolean {
  return before.every((b) => words.some((w) => w.includes(b)));
}

/**
 * Every tool matching all words of `query` (in a name, its server or its description), ranked. A
 * query that narrows the previous one over the same index (typing on: `too` then `tool`) scans only
 * the entries the previous one matched, so a keystroke at 5,000 tools does not rescan all of them.
 */
export function rankTools(index: readonly ToolSearchEntry[], query: string): ToolSearchResult {
  const words = queryWords(query);
  if (words.length === 0) return { hits: [], total: 0 };
  const whole = words.join(' ');
  const byRank: ToolInfo[][] = [[], [], []];
  const last = lastQuery.get(index);
  const scan = last && narrows(last.words, words) ? last.matched : undefined;
  const matched: number[] = [];
  const n = scan ? scan.length : index.length;
  for (let k = 0; k < n; k++) {
    const i = scan ? scan[k]! : k;
    const e = index[i]!;
    let inNames = true;
    let all = true;
    for (const w of words) {
      if (e.names.includes(w)) continue;
      inNames = false;
      if (!e.description.includes(w)) {
        all = false;
        break;
      }
    }
    if (!all) continue;
    matched.push(i);
    const rank: HitRank = !inNames ? 2 : e.name.startsWith(whole) || e.agentName.startsWith(whole) ? 0 : 1;
    byRank[rank]!.push(e.tool);
  }
  lastQuery.set(index, { words, matched });
  const hits = byRank[0]!.concat(byRank[1]!, byRank[2]!);
  return { hits, total: hits.length };
}

/** `text` cut into pieces, `match` true where a word of the query occurs (case-insensitive); joined they give `text`. */
export function matchPieces(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  if (words.length === 0 || text === '') return text ? [{ text, match: false }] : [];
  const lower = text.toLowerCase();
  const marked = new Uint8Array(text.length);
  for (const w of words) {
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) marked.fill(1, at, at + w.length);
  }
  const pieces: { text: string; match: boolean }[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      pieces.push({ text: text.slice(start, i), match: marked[start] === 1 });
      start = i;
    }
  }
  return pieces;
}
