/**
 * Tool definitions checked against the MCP schema (docs/tool-bridge.md#invalid-tools, trial 6
 * finding 2): the SDK's own `Tool` schema (`specTypeSchemas.Tool`, its zod `ToolSchema`) decides what is malformed (the same schema the SDK's
 * `listTools()` parses a whole list with), plus MCP 2025-11-25's "Tool names" SHOULD rule
 * (1–128 characters of `[A-Za-z0-9_.-]`). Each problem names the field path and the reason.
 */
import { specTypeSchemas, type Tool } from '@modelcontextprotocol/client';
import type { ToolProblem } from '../../../../src-shared/api/status.js';

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
  const checked = specTypeSchemas.Tool['~standard'].validate(tool);
  // The SDK's schemas are synchronous; a Promise here would be an SDK change (then: no verdict).
  const issues = checked instanceof Promise ? undefined : checked.issues;
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
