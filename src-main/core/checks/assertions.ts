/**
 * Evaluate a saved call's assertions against its result (issue 15 item 7; docs/checks.md §
 * Assertions). JSONPath by jsonpath-plus, the diff of a failed comparison by `diff` (unified,
 * expected vs actual, pretty-printed JSON), the output-schema check by the tool bridge's own ajv
 * rule (`checkStructuredOutput`).
 */
import { isDeepStrictEqual } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import { JSONPath } from 'jsonpath-plus';
import { resultValue, type Assertion, type AssertionOutcome } from '../../../src-shared/api/checks.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { checkStructuredOutput } from '../mcp/tools/tool-bridge.js';

/** The document a JSONPath runs over: the MCP `CallToolResult` fields. */
export function resultDocument(result: ToolCallResult): Record<string, unknown> {
  return {
    isError: result.isError,
    content: result.content,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
  };
}

/** Pretty JSON of any value (`undefined` reads as such), for messages and diffs. */
function pretty(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value, null, 2);
}

/** One line of a value for a message (long values cut to 120 characters). */
function brief(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * The unified diff of `expected` and `actual` (pretty-printed JSON; strings compared as their
 * text, line by line), without the file header. Lines start with ` `, `-` (expected) or `+` (actual).
 */
export function valueDiff(expected: unknown, actual: unknown): string {
  const text = (v: unknown): string => `${typeof v === 'string' ? v : pretty(v)}\n`;
  const patch = createTwoFilesPatch('expected', 'actual', text(expected), text(actual), undefined, undefined, { context: 3 });
  const lines = patch.split('\n');
  const first = lines.findIndex((l) => l.startsWith('@@'));
  return lines.slice(first < 0 ? 0 : first).filter((l) => l !== '\\ No newline at end of file').join('\n').trimEnd();
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every key of `expected` is in `actual` with an equal (or, for objects, contained) value. */
function subset(actual: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([k, v]) => Object.prototype.hasOwnProperty.call(actual, k) && matches(actual[k], v));
}

/**
 * Equal as JSON values: same types, keys and elements, whatever the objects' prototypes. A value
 * read by jsonc-parser (`getNodeValue`) is an object without a prototype, which `isDeepStrictEqual`
 * alone never finds equal to a parsed result (a trial's saved `equals` of an object always failed).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const plain = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  return isDeepStrictEqual(plain(a), plain(b));
}

function matches(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(actual) && isPlainObject(expected)) return subset(actual, expected);
  return jsonEqual(actual, expected);
}

/**
 * `contains`: a string holds `expected` as a substring; an array has an element equal to it (an
 * object element: one holding its keys); an object holds its keys and values; anything else equals it.
 */
export function containsValue(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') return actual.includes(expected);
  if (Array.isArray(actual)) return actual.some((el) => matches(el, expected) || (typeof el === 'string' && typeof expected === 'string' && el.includes(expected)));
  return matches(actual, expected);
}

/** The values `path` selects in `doc` (jsonpath-plus); throws its error for a malformed path. */
function select(path: string, doc: Record<string, unknown>): unknown[] {
  return JSONPath({ path, json: doc, wrap: true }) as unknown[];
}

/** How a tool looked when the call ran (for `outputSchema`). */
export interface ToolShape {
  outputSchema?: Record<string, unknown>;
}

/** Evaluate one assertion. Never throws (a malformed JSONPath is a failed assertion saying so). */
export function evaluateAssertion(assertion: Assertion, result: ToolCallResult, tool: ToolShape | undefined): AssertionOutcome {
  const pass = (message: string): AssertionOutcome => ({ assertion, passed: true, message });
  // With values to compare (`compared`), a failure carries their diff.
  const failWith = (message: string, ...compared: [expected: unknown, actual: unknown] | []): AssertionOutcome => ({
    assertion,
    passed: false,
    message,
    ...(compared.length === 2 ? { diff: valueDiff(compared[0], compared[1]) } : {}),
  });
  switch (assertion.kind) {
    case 'isError':
      return result.isError === assertion.value
        ? pass(`isError is ${assertion.value}`)
        : failWith(`expected isError ${assertion.value}, got ${result.isError}${result.isError ? `: ${brief(result.text)}` : ''}`);
    case 'underMs':
      return result.durationMs < assertion.ms
        ? pass(`took ${Math.round(result.durationMs)} ms (under ${assertion.ms} ms)`)
        : failWith(`took ${Math.round(result.durationMs)} ms, not under ${assertion.ms} ms`);
    case 'outputSchema': {
      if (!tool?.outputSchema) return failWith('the tool declares no output schema');
      const warning = checkStructuredOutput(tool.outputSchema, result.structuredContent);
      return warning === undefined ? pass("structuredContent matches the tool's output schema") : failWith(warning);
    }
    case 'equals': {
      const actual = resultValue(result);
      return jsonEqual(actual, assertion.value)
        ? pass(`the result equals ${brief(assertion.value)}`)
        : failWith(`the result is not the expected value`, assertion.value, actual);
    }
    case 'path': {
      let found: unknown[];
      try {
        found = select(assertion.path, resultDocument(result));
      } catch (err) {
        return failWith(`${assertion.path} is not a JSONPath this can read: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (found.length === 0) return failWith(`nothing at ${assertion.path}`, assertion.equals ?? assertion.contains, undefined);
      const actual = found.length === 1 ? found[0] : found;
      if (assertion.contains !== undefined) {
        const held = found.some((v) => containsValue(v, assertion.contains)) || (found.length > 1 && containsValue(found, assertion.contains));
        return held
          ? pass(`${assertion.path} contains ${brief(assertion.contains)}`)
          : failWith(`${assertion.path} does not contain ${brief(assertion.contains)}`, assertion.contains, actual);
      }
      return jsonEqual(actual, assertion.equals)
        ? pass(`${assertion.path} equals ${brief(assertion.equals)}`)
        : failWith(`${assertion.path} is not the expected value`, assertion.equals, actual);
    }
  }
}

/** Evaluate every assertion of a call, in order. */
export function evaluateAssertions(assertions: readonly Assertion[], result: ToolCallResult, tool: ToolShape | undefined): AssertionOutcome[] {
  return assertions.map((a) => evaluateAssertion(a, result, tool));
}
