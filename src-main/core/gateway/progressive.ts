/**
 * Progressive discovery (issue 31 item 4, docs/gateway.md § Progressive discovery): instead of the
 * host's full list, the aggregated door offers three tools — `search_tools` → `describe_tool` →
 * `call_tool` — so an agent pays for three definitions, not hundreds, and reads the rest on demand.
 * This module holds the three definitions, the search ranking and the answers, all pure, over the
 * host's list as the gateway built it: only tools that are served (never one switched off, held by
 * a pin, app-only or of a server that gives no tools now) are found or described; `call_tool` goes
 * through `gateway:call`'s one gate (handlers/gateway-progressive.ts).
 */
import type { GatewayList, GatewayProgressiveTool, GatewayTool } from '../../../src-shared/api/gateway.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';

export const SEARCH_TOOLS = 'search_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const CALL_TOOL = 'call_tool';

/** Matches `search_tools` returns when `limit` is not given, and the most it returns. */
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
/** A found tool's description is cut to its first line and this many characters. */
const LINE_CHARS = 200;

/** The three tools a progressive door offers, in this order. */
export const PROGRESSIVE_TOOLS: readonly GatewayProgressiveTool[] = [
  {
    name: SEARCH_TOOLS,
    title: 'Search tools',
    description:
      'Find tools by words: returns up to `limit` (default 10, at most 50) tools whose name, title or description match, best first, each with the name to pass to describe_tool and call_tool, its title, a one-line description and its server.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for, e.g. "read file" or "github issue"' },
        limit: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_LIMIT, description: 'How many tools to return (default 10)' },
      },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: DESCRIBE_TOOL,
    title: 'Describe a tool',
    description: 'The full definition of one tool found by search_tools: its description, input schema (the arguments call_tool takes), output schema and annotations.',
    inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'The tool name search_tools returned' } }, required: ['name'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: CALL_TOOL,
    title: 'Call a tool',
    description: 'Call one tool found by search_tools with its arguments (as describe_tool gives its input schema); returns that tool\'s result.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The tool name search_tools returned' }, arguments: { type: 'object', description: 'The tool\'s arguments' } },
      required: ['name'],
    },
  },
];

/** Whether `name` is one of the three. */
export function isProgressiveTool(name: string): boolean {
  return name === SEARCH_TOOLS || name === DESCRIBE_TOOL || name === CALL_TOOL;
}

/** One match of `search_tools`. */
export interface ToolMatch {
  /** The name to pass to `describe_tool` and `call_tool` (the gateway's name, § Names). */
  name: string;
  title?: string;
  /** The description's first line, at most 200 characters (server text: untrusted). */
  description: string;
  server: string;
}

/** Lowercase words of `text`: split on anything not a letter or digit, and between a lower and an upper case letter (`readFile` → read, file). */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Score of `tool` for the query's words: per query word, the best of — 4 when it is a word of the
 * tool's name (or of its raw name or server), 2 when such a word starts with it, 1.5 when it is a
 * word of the title, 1 when a word of the description starts with it; 0 otherwise. A tool scoring 0
 * for every word is no match. The whole query as written inside the name adds 3 (so `echo` puts
 * `everything_echo` above a tool that only mentions echoing).
 */
function score(tool: GatewayTool, query: readonly string[], phrase: string): number {
  const nameWords = new Set([...words(tool.name), ...words(tool.tool), ...words(tool.server)]);
  const titleWords = new Set(words(tool.title ?? ''));
  const descWords = words(tool.description ?? '');
  let total = 0;
  for (const q of query) {
    if (nameWords.has(q)) total += 4;
    else if ([...nameWords].some((w) => w.startsWith(q))) total += 2;
    else if (titleWords.has(q)) total += 1.5;
    else if (descWords.some((w) => w.startsWith(q))) total += 1;
  }
  if (total > 0 && phrase !== '' && tool.name.toLowerCase().includes(phrase)) total += 3;
  return total;
}

/** The first line of a description, cut to `LINE_CHARS`. */
function oneLine(text: string | undefined): string {
  const line = (text ?? '').split(/\r?\n/, 1)[0]?.trim() ?? '';
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line;
}

/**
 * The served tools of `list` matching `query`, best first (ties: the list's order — server key,
 * then raw tool name), at most `limit`. Ranking: `score` above — name word matches first, then
 * title, then description words; a query of no words matches nothing.
 */
export function searchTools(list: Pick<GatewayList, 'tools'>, query: string, limit = SEARCH_DEFAULT_LIMIT): ToolMatch[] {
  const q = [...new Set(words(query))];
  if (q.length === 0) return [];
  const phrase = q.join('_');
  return list.tools
    .map((tool, i) => ({ tool, i, s: score(tool, q, phrase) }))
    .filter((m) => m.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, limit)
    .map(({ tool }) => ({ name: tool.name, ...(tool.title !== undefined ? { title: tool.title } : {}), description: oneLine(tool.description), server: tool.server }));
}

/** A result of one of the three tools (never a server's): compact JSON text for the agent (tokens are the point), the same as `structuredContent`. */
export function metaResult(tool: string, data: unknown, isError = false): ToolCallResult {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return {
    server: '',
    tool,
    isError,
    text,
    content: [{ type: 'text', text }],
    ...(isError || typeof data === 'string' ? {} : { structuredContent: data }),
    durationMs: 0,
  };
}

/**
 * What a direct call of an unknown name on a progressive door is told to do instead, with the
 * names `search_tools` finds for that name (`matches`, when any).
 */
export function progressiveHint(matches: readonly ToolMatch[]): string {
  const found = matches.length > 0 ? ` (for this name it finds: ${matches.map((m) => m.name).join(', ')})` : '';
  return `; this door uses progressive discovery: use ${SEARCH_TOOLS} {"query": "<words>"}${found}, then ${CALL_TOOL} {"name": "<a name it returned>", "arguments": {…}}`;
}
