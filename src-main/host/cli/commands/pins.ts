/**
 * `switchboard pins [server]` (issue 16 item 2, docs/trust.md § Tool pins): each server's pinned
 * tools and the ones that differ now (added, changed, removed), with the diff.
 * `pins accept <server> [tool]`: accept the current definition as the pin. `pins mode <server>
 * off|warn|block` (`off`: a server under development, no drift tracked). Thin client of `pins:list` / `pins:accept` / `pins:setMode`: the running
 * Switchboard's, else a one-shot core (which connects the server to list its tools).
 * Exit 1 when any listed server has drift (a script can gate on it), else 0; 2 on failure.
 */
import { appChangeWords, appDriftTitle } from '../../../../src-shared/api/app-pin-words.js';
import { approvalChangeLines } from '../../../../src-shared/api/approval.js';
import { PinModeSchema, type PinMode, type ServerPins } from '../../../../src-shared/api/pins.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';

/** Text of one server's pins view. */
export function formatPins(p: ServerPins): string[] {
  const apps = p.apps ?? [];
  const lines = [`${p.server}  ${p.pinned} pinned, mode ${p.mode}${p.drift.length === 0 && apps.length === 0 ? ', no changes' : ''}`];
  for (const d of p.drift) {
    lines.push(`  ${d.change} tool ${d.tool}${d.held ? ' (held back from agents until accepted)' : ''}`);
    for (const c of d.changes) for (const l of approvalChangeLines(c)) lines.push(`    ${l}`);
  }
  for (const a of apps) {
    lines.push(`  ${appDriftTitle(a)} (not served until accepted: switchboard pins accept ${p.server} ${a.tools[0] ?? ''})`);
    for (const c of a.changes) for (const l of appChangeWords(c)) lines.push(`    ${l}`);
  }
  return lines;
}

export async function runPins(ctx: CliContext): Promise<number> {
  const [first, server, arg] = ctx.cli.positionals;
  const verb = first === 'accept' || first === 'mode' ? first : undefined;
  if (verb && server === undefined) throw new UsageError(`"pins ${verb}" needs a server name`);
  if (verb === 'mode' && !PinModeSchema.safeParse(arg).success) throw new UsageError('"pins mode <server>" takes off, warn or block');
  const target = verb ? server! : first;
  return withOwnerOrOneShot(ctx, target !== undefined ? { onlyServers: [target] } : {}, async (call) => {
    if (verb === 'accept') {
      const r = await call('pins:accept', { server: server!, ...(arg !== undefined ? { tool: arg } : {}) });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : [`Accepted ${arg ?? 'every tool'} of ${server}`, ...formatPins(r.data)].join('\n'));
      return EXIT.OK;
    }
    if (verb === 'mode') {
      const r = await call('pins:setMode', { server: server!, mode: arg as PinMode });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatPins(r.data).join('\n'));
      return EXIT.OK;
    }
    const r = await call('pins:list', target !== undefined ? { server: target } : {});
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    else ctx.io.out(r.data.length === 0 ? 'No tools pinned yet (a server is pinned at its first listing).' : r.data.flatMap(formatPins).join('\n'));
    return r.data.some((p) => p.drift.length > 0 || (p.apps ?? []).length > 0) ? EXIT.TOOL_ERROR : EXIT.OK;
  });
}

export const pinsCommand: CommandSpec = {
  name: 'pins',
  synopsis: 'pins [server] | pins accept <server> [tool] | pins mode <server> off|warn|block',
  summary: 'Show tools that changed since they were first listed; accept them; off, warn or block per server',
  positionals: [0, 3],
  run: runPins,
};
