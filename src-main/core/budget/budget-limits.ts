/**
 * When a context budget is too big (issue 32, docs/context-budget.md § Warnings): more than
 * `TOKEN_WARNING` tokens of tool definitions in any view, or more tools on than a host's tool limit
 * where one is known. Pure.
 */
import type { BudgetHostId, BudgetWarning } from '../../../src-shared/api/budget.js';
import type { HostId } from '../../../src-shared/config/server.js';

/**
 * Tokens of tool definitions past which a view warns: 100,000 is half of a 200 k-token context
 * window (Claude's default), spent before the conversation starts.
 */
export const TOKEN_WARNING = 100_000;

/**
 * Tool limits of hosts, where known, with where the figure comes from. Cursor: 40 tools — its
 * users meet "Cursor cannot take more than 40 tools" (modelcontextprotocol/.github discussion 360;
 * not in HOST-FORMATS.md, which documents no limit for any host).
 */
export const HOST_TOOL_LIMITS: Partial<Record<HostId, { limit: number; source: string }>> = {
  cursor: { limit: 40, source: 'the limit Cursor users report' },
};

const n = (v: number): string => v.toLocaleString('en-US');

/** The warnings of a view of `host` (`label` its name) whose tools on number `tools` and cost `tokens`. */
export function budgetWarnings(host: BudgetHostId, label: string, totals: { tools: number; tokens: number }): BudgetWarning[] {
  const out: BudgetWarning[] = [];
  const limit = host === 'bridge' ? undefined : HOST_TOOL_LIMITS[host];
  if (limit && totals.tools > limit.limit) {
    out.push({ kind: 'tools', limit: limit.limit, text: `${n(totals.tools)} tools: more than the ${limit.limit} tools ${label} takes (${limit.source}); switch some off` });
  }
  if (totals.tokens > TOKEN_WARNING) {
    out.push({ kind: 'tokens', limit: TOKEN_WARNING, text: `~${n(totals.tokens)} tokens of tool definitions: more than ${n(TOKEN_WARNING)} (half of a 200 k-token context window) before the conversation starts; switch whole servers off` });
  }
  return out;
}
