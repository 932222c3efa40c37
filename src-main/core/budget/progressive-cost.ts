/**
 * What progressive discovery saves a host (issue 31 item 4, docs/gateway.md § Progressive
 * discovery): the tokens of the full list its agent would load against the three tools its door
 * offers instead (`search_tools`, `describe_tool`, `call_tool`), each counted as the context budget
 * counts a tool (tool-cost.ts: the definition as a host sends it, the same tokenizer).
 */
import type { Budget } from '../../../src-shared/api/budget.js';
import { PROGRESSIVE_TOOLS } from '../gateway/progressive.js';
import type { ToolCostCounter } from './tool-cost.js';

/** `Budget['progressive']` for a host whose on tools cost `fullTokens`; `on`: the host's setting. */
export function progressiveCost(counter: ToolCostCounter, fullTokens: number, on: boolean): NonNullable<Budget['progressive']> {
  const progressiveTokens = PROGRESSIVE_TOOLS.reduce((n, t) => n + counter.costOf({ name: t.name, description: t.description, inputSchema: t.inputSchema }).total, 0);
  return { on, fullTokens, progressiveTokens, saving: Math.max(0, fullTokens - progressiveTokens) };
}
