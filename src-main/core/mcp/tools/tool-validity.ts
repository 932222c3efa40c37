/**
 * Tool definitions checked against the MCP schema (docs/tool-bridge.md#invalid-tools, trial 6
 * finding 2): the SDK's own `Tool` schema (`specTypeSchemas.Tool`, its zod `ToolSchema`) decides what is malformed (the same schema the SDK's
 * `listTools()` parses a whole list with), plus MCP 2025-11-25's "Tool names" SHOULD rule
 * (1–128 characters of `[A-Za-z0-9_.-]`). Each problem names the field path and the reason.
 */
import { specTypeSchemas, type Tool } from '@modelcontextprotocol/client';
import type { ToolProblem } from '../../../../src-shared/api/status.js';
import { nestsDeeperThan } from '../../../../src-shared/api/json-depth.js';

/** MCP 2025-11-25 "Tool names": 1–128 characters, ASCII letters, digits, `_`, `-` and `.`. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Problems of one raw tool, memoised per listed object (lists are replaced, never mutated). */
const memo = new WeakMap<object, ToolProblem[]>();

/**
 * What is wrong with one tool as the server listed it: `[]` when it matches the SDK's `ToolSchema`
 * and the name rule. Each entry: `path` (dotted field path, `''` for the tool itself), `message`
 * (the zod reason, or the name rule), `severity` `error` (the SDK rejects it: an SDK-based host
 * loses the whole list) or `warning` (a SHOULD of the spec: hosts may rename or drop it).
 */
export function toolProblems(tool: unknown): ToolProblem[] {
  if (tool && typeof tool === 'object') {
    const held = memo.get(tool);
    if (held) return held;
  }
  const problems: ToolProblem[] = [];
  const unchecked = [{ message: 'nested too deeply to be checked (the check ran out of stack); hosts may fail on it too', path: [] }];
  let checked: ReturnType<(typeof specTypeSchemas.Tool)['~standard']['validate']>;
  try {
    checked = specTypeSchemas.Tool['~standard'].validate(tool);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    checked = { issues: unchecked };
  }
  // zod's standard `validate` retries a synchronous parse that threw — a tool nested ~800 deep
  // overflowed the stack — as an asynchronous one, which fails the same way; that rejection, never
  // handled, ended the whole process (attack pass, issue 32). Such a tool is flagged instead.
  if (checked instanceof Promise) {
    checked.catch(() => undefined);
    checked = { issues: unchecked };
  }
  const issues = checked.issues;
  for (const issue of issues ?? []) {
    const path = (issue.path ?? []).map((k) => String(typeof k === 'object' ? k.key : k)).join('.');
    problems.push({ path, message: issue.message, severity: 'error' });
  }
  const name = (tool as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && !TOOL_NAME.test(name)) {
    problems.push({ path: 'name', message: 'a tool name SHOULD be 1–128 characters of A-Z a-z 0-9 _ - . (MCP 2025-11-25 "Tool names")', severity: 'warning' });
  }
  if (tool && typeof tool === 'object') memo.set(tool, problems);
  return problems;
}

/** The listed tools with problems, each with its problems (for status); `[]` when all are valid. */
export function invalidTools(tools: readonly Tool[]): { name: string; problems: ToolProblem[] }[] {
  const out: { name: string; problems: ToolProblem[] }[] = [];
  for (const t of tools) {
    const problems = toolProblems(t);
    if (problems.length > 0) out.push({ name: String((t as { name?: unknown }).name ?? ''), problems });
  }
  return out;
}

/** One line per invalid tool: `<name>: <path>: <message>; …` (status, logs). */
export function invalidToolText(tool: { name: string; problems: ToolProblem[] }): string {
  return `${tool.name}: ${tool.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')}`;
}

/** Deepest nesting (objects and arrays) of a tool's schema, annotations or `_meta` that is kept. */
export const MAX_TOOL_FIELD_DEPTH = 100;

/** Fields a tool's consumers read as strings, and as plain objects. */
const STRING_FIELDS = ['title', 'description'] as const;
const OBJECT_FIELDS = ['outputSchema', 'annotations', '_meta'] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The items of one `tools/list` page as Switchboard keeps them (new-user "break it" trial: one
 * server's `{"name":123}` made every listing, the budget and the gateway's `tools/list` fail with
 * `raw.toLowerCase is not a function`). `tools` is the page's `tools` field as sent.
 *
 * - Not an array: no tools, and `leftOut` says so.
 * - An item that is not an object, or whose `name` is not a non-empty string, cannot be named or
 *   called: left out and counted in `leftOut`.
 * - Any other item is kept. A `title` or `description` that is not a string, an `inputSchema`
 *   that is not an object (it becomes `{ type: 'object' }`), or an `outputSchema`, `annotations` or
 *   `_meta` that is not an object is dropped from a copy; the copy keeps the problems
 *   `toolProblems` finds in the tool as sent (so it is still shown flagged invalid, with the field).
 *
 * Never throws. Tools already sound are returned as the same objects.
 */
export function keepableTools(tools: unknown): { tools: Tool[]; leftOut: string[] } {
  if (!Array.isArray(tools)) return { tools: [], leftOut: [`"tools" is ${describeValue(tools)}, not a list: no tools`] };
  const kept: Tool[] = [];
  let nameless = 0;
  for (const raw of tools) {
    if (!isPlainObject(raw) || typeof raw['name'] !== 'string' || raw['name'] === '') {
      nameless++;
      continue;
    }
    const bad = STRING_FIELDS.filter((f) => raw[f] !== undefined && typeof raw[f] !== 'string');
    const badObjects = OBJECT_FIELDS.filter((f) => raw[f] !== undefined && !isPlainObject(raw[f]));
    // Nested past any real schema: every recursive reader after this one (the contract's checks,
    // forms, token counts) would overflow the stack — one such tool ended the whole process
    // (attack pass, issue 32). Checked without recursion.
    const tooDeep = (['inputSchema', ...OBJECT_FIELDS] as const).filter((f) => isPlainObject(raw[f]) && nestsDeeperThan(raw[f], MAX_TOOL_FIELD_DEPTH));
    const badInput = !isPlainObject(raw['inputSchema']) || tooDeep.includes('inputSchema');
    if (bad.length === 0 && badObjects.length === 0 && tooDeep.length === 0 && !badInput) {
      kept.push(raw as unknown as Tool);
      continue;
    }
    const copy: Record<string, unknown> = { ...raw };
    for (const f of [...bad, ...badObjects, ...tooDeep]) delete copy[f];
    if (badInput) copy['inputSchema'] = { type: 'object' };
    const deepProblems = tooDeep.map((f): ToolProblem => ({ path: f, message: `nested deeper than ${MAX_TOOL_FIELD_DEPTH} levels: not kept (${f === 'inputSchema' ? 'calls take any object here' : 'left out here'}; hosts may fail on it)`, severity: 'error' }));
    memo.set(copy, [...toolProblems(raw), ...deepProblems]);
    kept.push(copy as unknown as Tool);
  }
  const leftOut = nameless > 0 ? [`${nameless} tool${nameless === 1 ? '' : 's'} left out: not an object with a string "name"`] : [];
  return { tools: kept, leftOut };
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  return `a ${typeof v === 'object' ? 'object' : typeof v}`;
}
