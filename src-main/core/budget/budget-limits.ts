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
 * Tool limits of hosts, where known, with where the figure comes from (the table per host:
 * docs/gateway.md § What each host supports; HOST-FORMATS.md documents no limit for any host).
 * Windsurf: 100 — its own docs (docs.windsurf.com/windsurf/cascade/mcp: "Cascade has a limit of 100
 * total tools that it has access to at any given time"). Cursor: 40 — reported by its users
 * ("Cursor cannot take more than 40 tools", modelcontextprotocol/.github discussion 360), not in
 * Cursor's docs. VS Code: 128 per chat request — reported by server vendors (the Postman MCP
 * server's README: "VS Code only supports up to 128 tools"), not found in VS Code's docs. Other
 * hosts: none documented, so no warning.
 */
export const HOST_TOOL_LIMITS: Partial<Record<HostId, { limit: number; source: string }>> = {
  cursor: { limit: 40, source: 'the limit Cursor users report' },
  windsurf: { limit: 100, source: 'its documented limit: "Cascade has a limit of 100 total tools"' },
  vscode: { limit: 128, source: 'the per-request limit VS Code users report' },
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
