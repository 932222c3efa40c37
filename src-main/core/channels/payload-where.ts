/**
 * A trigger rule's `where` (issue 34 item 4; docs/channels.md § Matching payload fields):
 * `{ "<JSONPath>": <value>, … }` evaluated on a channel entry's payload (a notification's params; an
 * event occurrence's `data`) with jsonpath-plus, the JSONPath library the checks already use. A pair
 * matches when its path selects at least one value equal to `<value>` as JSON (same type, keys and
 * elements); every pair must match.
 *
 * jsonpath-plus reads almost any text as some path (`$[` is `$`, a relative `level` is `$.level`), so
 * `compileWhere` checks what it would gloss over: a path starts with `$`; brackets, parentheses and
 * quotes are balanced; each filter or script (`[?(…)]`, `[(…)]`) parses with the library's own safe
 * evaluator (never `eval`: `eval: 'safe'`). A script that fails while running on a payload (a name
 * that is not defined) makes that pair not match; it never throws into the core.
 */
import { isDeepStrictEqual } from 'node:util';
import { JSONPath } from 'jsonpath-plus';
import type { PayloadMatcher } from '../../../src-shared/channels/trigger-rules.js';

/** Most `where` pairs a rule holds. */
export const MAX_WHERE_PAIRS = 20;

/** A compiled `where`, or each bad path with why (`path` is the key as written). */
export type CompiledWhere = { ok: true; matcher: PayloadMatcher } | { ok: false; errors: { path: string; message: string }[] };

/** Why `path` is not balanced (brackets, parentheses, quotes), or undefined. */
function unbalanced(path: string): string | undefined {
  const open: string[] = [];
  let quote: string | undefined;
  for (const ch of path) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[' || ch === '(') open.push(ch);
    else if (ch === ']' || ch === ')') {
      if (open.pop() !== (ch === ']' ? '[' : '(')) return `an unmatched "${ch}"`;
    }
  }
  if (quote) return `an unclosed ${quote} quote`;
  const last = open.at(-1);
  return last ? `an unclosed "${last}"` : undefined;
}

/** Why `path` is not a JSONPath a rule can use, or undefined. */
export function jsonPathProblem(path: string): string | undefined {
  if (!path.startsWith('$')) return 'a JSONPath starts with "$" (the payload), e.g. "$.level"';
  const why = unbalanced(path);
  if (why) return `it has ${why}`;
  for (const segment of JSONPath.toPathArray(path)) {
    if (!segment.startsWith('?(') && !segment.startsWith('(')) continue;
    try {
      // Only the parse can throw here: running errors are ignored, as when matching.
      JSONPath({ path: `$[${segment}]`, json: [{}], wrap: true, eval: 'safe', ignoreEvalErrors: true });
    } catch (err) {
      // The library's character position counts in its rewritten script, not in the path: left out.
      const why = (err instanceof Error ? err.message : String(err)).replace(/ at character \d+$/, '');
      return `its expression ${segment} does not parse: ${why}`;
    }
  }
  return undefined;
}

/** The values `path` selects in `payload`; [] when a script fails on it. */
function select(path: string, payload: unknown): unknown[] {
  if (payload === null || typeof payload !== 'object') return [];
  try {
    return JSONPath({ path, json: payload as object, wrap: true, eval: 'safe', ignoreEvalErrors: true }) as unknown[];
  } catch {
    return [];
  }
}

/** `v` as plain JSON values (objects of any prototype compare by their keys and elements). */
const asJson = (v: unknown): unknown => (v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v);

/**
 * Compile `where` (rule values as written, e.g. read by jsonc-parser). Errors name each bad path; an
 * empty `where` or more than `MAX_WHERE_PAIRS` pairs is an error too. Pure; never throws.
 */
export function compileWhere(where: Record<string, unknown>): CompiledWhere {
  const pairs = Object.entries(where);
  if (pairs.length === 0) return { ok: false, errors: [{ path: '', message: '"where" is empty: give at least one "<JSONPath>": <value> pair, or leave it out' }] };
  if (pairs.length > MAX_WHERE_PAIRS) return { ok: false, errors: [{ path: '', message: `"where" has ${pairs.length} pairs; at most ${MAX_WHERE_PAIRS}` }] };
  const errors: { path: string; message: string }[] = [];
  for (const [path] of pairs) {
    const why = jsonPathProblem(path);
    if (why) errors.push({ path, message: `"where" path ${JSON.stringify(path)} is not a valid JSONPath: ${why}` });
  }
  if (errors.length > 0) return { ok: false, errors };
  // Values as JSON (a jsonc-parser object has no prototype; a payload's objects do).
  const expected = pairs.map(([path, value]) => [path, asJson(value)] as const);
  return {
    ok: true,
    matcher: { test: (payload) => expected.every(([path, value]) => select(path, payload).some((v) => isDeepStrictEqual(asJson(v), value))) },
  };
}
