/**
 * `switchboard triggers` (issue 13, docs/channels.md): the rules of `triggers.json` and what they did.
 *
 * - `triggers`: rules, warnings (file:line), confirmations waiting, recent firings (`--json`: the
 *   whole state).
 * - `triggers confirm <id> [--decline]`: answer a waiting confirmation; accepting runs the rule's
 *   action (exit 1 when the tool returned an error, 2 when it could not run).
 * - `triggers run <seq>`: evaluate the rules against stored notification `seq` now.
 * - `triggers import-chatcli [file]`: append ChatCLI's rules (`~/.chatcli/mcp/triggers.json`) to
 *   `triggers.json` (issue 28 item 5); on the running Switchboard, else in a one-shot core. Exit 2
 *   when the file is missing or not ChatCLI's, or when none of its rules could be imported.
 * `confirm` and `run` act on the running Switchboard (the one that fires rules) and say so without
 * one; the list then shows the file's rules and warnings.
 */
import { join } from 'node:path';
import type { TriggerFiring, TriggersState } from '../../../../src-shared/api/channels.js';
import { readTriggersFile, ruleView, triggerLimits } from '../../../core/composition/entry-kit.js';
import { DATA_FILES } from '../../../core/composition/entry-kit.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner, withOwnerOrOneShot, withRequiredOwner } from '../owner-link.js';
import { formatFiring, formatTriggers } from './channels-format.js';

/** Exit code for an answered firing: 2 failed, 1 the tool returned an error, else 0. */
export function exitCodeForFiring(f: TriggerFiring): number {
  if (f.outcome === 'failed') return EXIT.FAILURE;
  return f.result?.isError ? EXIT.TOOL_ERROR : EXIT.OK;
}

/** `triggers import-chatcli [file]` (see the file header). */
async function importChatcli(ctx: CliContext, file: string | undefined): Promise<number> {
  return withOwnerOrOneShot(ctx, { onlyServers: [] }, async (call) => {
    const r = await call('triggers:importChatcli', file !== undefined ? { file } : {});
    if (!r.ok) return printFailure(ctx, r.error);
    const d = r.data;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(d, null, 2));
    else {
      const lines = [d.imported.length > 0 ? `Imported ${d.imported.length} rule${d.imported.length === 1 ? '' : 's'} from ${d.from} into ${d.into}: ${d.imported.join(', ')}` : `Imported no rule from ${d.from}.`];
      lines.push(...d.notes.map((n) => `  note: ${n}`), ...d.skipped.map((s) => `  skipped "${s.name}": ${s.reason}`));
      ctx.io.out(lines.join('\n'));
    }
    return d.imported.length === 0 && d.skipped.length > 0 ? EXIT.FAILURE : EXIT.OK;
  });
}

export async function runTriggers(ctx: CliContext): Promise<number> {
  const [verb, arg] = ctx.cli.positionals;
  if (verb === 'import-chatcli') return importChatcli(ctx, arg);
  if (verb !== undefined && verb !== 'confirm' && verb !== 'run') throw new UsageError(`Unknown "triggers" verb "${verb}" (use confirm, run or import-chatcli)`);
  if (verb !== undefined && arg === undefined) throw new UsageError(`"triggers ${verb}" needs ${verb === 'confirm' ? 'a confirmation id' : 'a notification number'}`);
  if (verb !== 'confirm' && ctx.cli.flags.decline === true) throw new UsageError('--decline is only valid with "triggers confirm"');
  if (verb === undefined && !(await ownerRuns(ctx))) return listFromFile(ctx);
  return withRequiredOwner(ctx, verb ? `triggers ${verb}` : 'triggers', async (call) => {
    if (verb === undefined) {
      const r = await call('triggers:list', {});
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) ctx.io.out(JSON.stringify({ ...r.data, text: undefined }, null, 2));
      else ctx.io.out(formatTriggers(r.data).join('\n'));
      return EXIT.OK;
    }
    if (verb === 'confirm') {
      const r = await call('triggers:confirm', { id: arg!, accept: ctx.cli.flags.decline !== true });
      if (!r.ok) return printFailure(ctx, r.error);
      ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatFiring(r.data));
      return exitCodeForFiring(r.data);
    }
    const seq = Number(arg!.replace(/^#/, ''));
    if (!/^#?\d+$/.test(arg!) || seq < 1) throw new UsageError(`"triggers run" takes a notification number, got "${arg}"`);
    const r = await call('triggers:run', { seq });
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    else ctx.io.out(r.data.length === 0 ? `No rule matches #${seq}.` : r.data.map(formatFiring).join('\n'));
    return EXIT.OK;
  });
}

async function ownerRuns(ctx: CliContext): Promise<boolean> {
  const owner = await attachOwner(ctx);
  owner?.api.close();
  return owner !== undefined;
}

/** Without a running Switchboard: the rules and warnings of the file (nothing has fired). */
async function listFromFile(ctx: CliContext): Promise<number> {
  const loaded = await readTriggersFile(join(ctx.dataDir, DATA_FILES.triggers));
  const state: TriggersState = {
    file: loaded.file,
    rules: loaded.rules.map((r) => ruleView(r, 0)),
    warnings: loaded.warnings,
    limits: triggerLimits(loaded),
    pending: [],
    firings: [],
  };
  if (ctx.cli.json) ctx.io.out(JSON.stringify(state, null, 2));
  else ctx.io.out([...formatTriggers(state), '', 'No Switchboard is running: rules fire only while one runs (switchboard serve or the desktop app).'].join('\n'));
  return EXIT.OK;
}

export const triggersCommand: CommandSpec = {
  name: 'triggers',
  synopsis: 'triggers [confirm <id> [--decline] | run <seq> | import-chatcli [file]]',
  summary: 'Trigger rules and their firings; answer a confirmation; run the rules on a notification',
  positionals: [0, 2],
  flags: { decline: { type: 'boolean', help: '--decline         With "confirm": say no (the action does not run)' } },
  run: runTriggers,
};
