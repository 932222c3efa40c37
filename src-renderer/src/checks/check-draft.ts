/**
 * The "Save as check" form's state and how it becomes a saved call's assertions (issue 15 item 7;
 * docs/checks.md § Assertions). Pure: parsing JSON the person typed; the rules stay in core.
 */
import { resultValue, type Assertion } from '../../../src-shared/api/checks.js';
import type { ToolCallResult, ToolInfo } from '../../../src-shared/api/status.js';

/** What the form holds: each assertion kind on or off, with its inputs as typed. */
export interface CheckDraft {
  isError: { on: boolean; value: boolean };
  equals: { on: boolean; json: string };
  path: { on: boolean; path: string; mode: 'equals' | 'contains'; json: string };
  outputSchema: { on: boolean };
  underMs: { on: boolean; ms: number };
}

/** A draft from the last result (when there is one): its isError, its value (unless only a preview crossed the wire), the output schema when the tool has one. */
export function initialDraft(tool: ToolInfo, result: ToolCallResult | undefined): CheckDraft {
  const whole = result !== undefined && result.truncated === undefined;
  return {
    isError: { on: true, value: result?.isError ?? false },
    equals: { on: whole, json: whole ? JSON.stringify(resultValue(result), null, 2) : '' },
    path: { on: false, path: '$.content[0].text', mode: 'contains', json: '""' },
    outputSchema: { on: tool.outputSchema !== undefined },
    underMs: { on: false, ms: 5000 },
  };
}

/** Parse a JSON value the person typed, or say where it is wrong. */
function parseValue(label: string, json: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (err) {
    return { ok: false, error: `${label}: not JSON (${err instanceof Error ? err.message : String(err)}). Quote a string: "text".` };
  }
}

/** The assertions a draft describes, or the first input that is not valid. */
export function draftAssertions(d: CheckDraft): { ok: true; expect: Assertion[] } | { ok: false; error: string } {
  const out: Assertion[] = [];
  if (d.isError.on) out.push({ kind: 'isError', value: d.isError.value });
  if (d.equals.on) {
    const v = parseValue('Exact value', d.equals.json);
    if (!v.ok) return v;
    out.push({ kind: 'equals', value: v.value });
  }
  if (d.path.on) {
    if (!d.path.path.startsWith('$')) return { ok: false, error: 'JSON path: a JSONPath starts with "$", e.g. $.content[0].text' };
    const v = parseValue('JSON path value', d.path.json);
    if (!v.ok) return v;
    out.push(d.path.mode === 'equals' ? { kind: 'path', path: d.path.path, equals: v.value } : { kind: 'path', path: d.path.path, contains: v.value });
  }
  if (d.outputSchema.on) out.push({ kind: 'outputSchema' });
  if (d.underMs.on) {
    if (!(d.underMs.ms > 0)) return { ok: false, error: 'Under: a number of milliseconds above 0' };
    out.push({ kind: 'underMs', ms: d.underMs.ms });
  }
  return { ok: true, expect: out };
}
