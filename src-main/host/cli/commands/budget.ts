/**
 * `switchboard budget [--host <id>]` (issue 16 item 4, docs/context-budget.md): what each tool's
 * definition costs an agent in tokens — the hosts' totals, then the chosen host's servers and
 * tools, biggest first (default: Switchboard's bridge). `budget off|on <server> <tool> [--host
 * <id>]` switches a tool for that host's agent (its own file's list, or Switchboard only). Thin
 * client of `budget:get` / `budget:setTool`: the running Switchboard's, else a one-shot core
 * (which connects the servers to list their tools). `--json`: the `Budget` / `ToolToggleOutcome`.
 */
import type { Budget, BudgetHostId, ToggleTarget } from '../../../../src-shared/api/budget.js';
import { HOST_IDS } from '../../../../src-shared/config/server.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';

const n = (v: number): string => v.toLocaleString('en-US');

/** `--host` → a budget host id (`bridge` or a host id). */
function parseBudgetHost(value: unknown): BudgetHostId | undefined {
  if (value === undefined) return undefined;
  if (value === 'bridge' || (typeof value === 'string' && (HOST_IDS as readonly string[]).includes(value))) return value as BudgetHostId;
  throw new UsageError(`--host must be bridge or one of: ${HOST_IDS.join(', ')}; got "${String(value)}"`);
}

function toggleText(t: ToggleTarget): string {
  return t.kind === 'file' ? `${t.keys} in ${t.file}` : t.kind === 'switchboard' ? 'Switchboard only' : 'no per-tool list';
}

/** Right-align `cells[i]` where `right[i]`, pad every column to its widest cell. */
function table(rows: string[][], right: boolean[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (right[i] ? c.padStart(widths[i]!) : i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
}

/** The text of a budget: the hosts line, the totals, servers, then up to `top` tools (all when undefined). */
export function formatBudget(b: Budget, top?: number): string[] {
  const lines = [`${b.label}: ${n(b.totals.tools)} tools, ~${n(b.totals.tokens)} tokens${b.totals.offTools > 0 ? ` (${n(b.totals.offTools)} off, ~${n(b.totals.offTokens)} tokens saved)` : ''}${b.totals.skills > 0 ? `; incl. ${n(b.totals.skills)} skills ~${n(b.totals.skillTokens)}` : ''}`];
  lines.push(`  ${b.tokenizer.note}`);
  lines.push(`  names: ${b.naming}`);
  lines.push(`  hosts: ${b.hosts.map((h) => `${h.id} ${n(h.tools)} tools ~${n(h.tokens)}`).join(' · ')}`);
  // Issue 31 item 4: what progressive discovery saves this host (docs/gateway.md).
  if (b.progressive) lines.push(`  progressive discovery ${b.progressive.on ? 'on' : 'off'}: the three tools ~${n(b.progressive.progressiveTokens)} tokens instead of ~${n(b.progressive.fullTokens)}: ~${n(b.progressive.saving)} saved${b.progressive.on ? '' : ` (switch on: switchboard gateway --host ${b.host} --progressive on)`}`);
  if (b.servers.length === 0) return [...lines, '', 'No servers for this host.'];
  lines.push('', ...table([['SERVER', 'TOOLS', 'TOKENS', 'PER-TOOL ON/OFF'], ...b.servers.map((s) => [s.server, s.listed ? `${s.onTools}/${s.tools}` : 'not connected', n(s.tokens), toggleText(s.toggle)])], [false, true, true, false]));
  const shown = top === undefined ? b.tools : b.tools.slice(0, top);
  lines.push('', ...table([['TOKENS', 'ON', 'SERVER', 'TOOL (as the agent sees it)'], ...shown.map((t) => [n(t.tokens.total), t.on ? 'on' : `off${t.offBy ? ` (${t.offBy})` : ''}`, t.server, t.name])], [true, false, false, false]));
  if (shown.length < b.tools.length) lines.push(`… ${n(b.tools.length - shown.length)} more (--top to show more)`);
  return lines;
}

export async function runBudget(ctx: CliContext): Promise<number> {
  const [first, server, tool] = ctx.cli.positionals;
  const host = parseBudgetHost(ctx.cli.flags.host);
  const top = ctx.cli.flags.top === undefined ? undefined : Number(ctx.cli.flags.top);
  if (top !== undefined && (!Number.isInteger(top) || top < 1)) throw new UsageError('--top takes a whole number of tools, 1 or more');
  if (first !== undefined && first !== 'on' && first !== 'off') throw new UsageError(`"budget ${first}": use budget [--host <id>] or budget on|off <server> <tool>`);
  if (first !== undefined && (server === undefined || tool === undefined)) throw new UsageError(`"budget ${first}" needs a server and a tool`);
  return withOwnerOrOneShot(ctx, first !== undefined ? { onlyServers: [server!] } : {}, async (call) => {
    if (first !== undefined) {
      const r = await call('budget:setTool', { server: server!, tool: tool!, on: first === 'on', ...(host ? { host } : {}) });
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
      else ctx.io.out([`${tool} of ${server} is ${first}${r.data.unchanged ? ' (already)' : ''}: ${toggleText(r.data.target)}`, ...r.data.notes.map((x) => `  ${x}`)].join('\n'));
      return EXIT.OK;
    }
    const r = await call('budget:get', host ? { host } : {});
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatBudget(r.data, top ?? 25).join('\n'));
    return EXIT.OK;
  });
}

export const budgetCommand: CommandSpec = {
  name: 'budget',
  synopsis: 'budget [--host <id>] [--top N] | budget on|off <server> <tool> [--host <id>]',
  summary: "Tokens each tool's definition costs an agent, per server and host (biggest first); switch a tool on or off",
  positionals: [0, 3],
  flags: {
    host: { type: 'string', help: '--host <id>       bridge (Switchboard, default) or a host id: that agent’s view' },
    top: { type: 'string', help: '--top <N>         Tools to list (default 25; --json has all)' },
  },
  run: runBudget,
};
