/**
 * `switchboard connect <host> [--each|--one] [--dry-run] [--http] [--in-project-file]` and
 * `switchboard disconnect <host> [--dry-run]` (issue 31 item 1, docs/gateway.md § Connecting a
 * host): thin clients of `gateway:connect` / `gateway:disconnect`, on the running Switchboard when
 * there is one (it rediscovers at once), else on a one-shot core. Prints the diff (dry run) or what
 * was written and where the original is kept; `--json`: the outcome. Exit 2 on a refusal, 64 on a
 * command-line mistake (an unknown host, both --each and --one).
 */
import type { ConnectOutcome } from '../../../../src-shared/api/gateway-connect.js';
import { HOST_IDS, HOST_LABELS, type HostId } from '../../../../src-shared/config/server.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';

/** The host named on the command line. Throws UsageError for an unknown one. */
function hostArg(ctx: CliContext, verb: string): HostId {
  const value = ctx.cli.positionals[0] ?? '';
  if (!(HOST_IDS as readonly string[]).includes(value)) throw new UsageError(`${verb}: unknown host "${value}" (one of: ${HOST_IDS.join(', ')})`);
  return value as HostId;
}

/** Print an outcome: the diffs (dry run) or the files written with their kept originals, then the notes. */
function printOutcome(ctx: CliContext, verb: 'Connected' | 'Disconnected', out: ConnectOutcome): number {
  if (ctx.cli.json) {
    ctx.io.out(JSON.stringify(out, null, 2));
    return EXIT.OK;
  }
  const label = HOST_LABELS[out.host];
  if (!out.written) {
    ctx.io.out(`Dry run: nothing was written. ${verb === 'Connected' ? 'Connecting' : 'Disconnecting'} ${label} would change:`);
    for (const f of out.files) ctx.io.out(f.diff.trimEnd());
  } else {
    ctx.io.out(`${verb} ${label} ${verb === 'Connected' ? 'through' : 'from'} the gateway (${out.moved.join(', ')})`);
    for (const f of out.files) ctx.io.out(`  wrote ${f.path}${verb === 'Connected' && f.backup !== undefined ? ` (its original is kept in ${f.backup}; switchboard disconnect ${out.host} puts it back)` : ''}`);
  }
  for (const n of out.notes) ctx.io.err(n);
  return EXIT.OK;
}

export async function runConnect(ctx: CliContext): Promise<number> {
  const host = hostArg(ctx, 'connect');
  const { flags } = ctx.cli;
  if (flags.each === true && flags.one === true) throw new UsageError('connect: use one of --each or --one');
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await call('gateway:connect', {
      host,
      mode: flags.one === true ? 'one' : 'each',
      dryRun: flags['dry-run'] === true,
      http: flags.http === true,
      inProjectFile: flags['in-project-file'] === true,
    });
    return r.ok ? printOutcome(ctx, 'Connected', r.data) : printFailure(ctx, r.error);
  });
}

export async function runDisconnect(ctx: CliContext): Promise<number> {
  const host = hostArg(ctx, 'disconnect');
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await call('gateway:disconnect', { host, dryRun: ctx.cli.flags['dry-run'] === true });
    return r.ok ? printOutcome(ctx, 'Disconnected', r.data) : printFailure(ctx, r.error);
  });
}

const dryRun = { type: 'boolean', help: '--dry-run         Print the diff; write nothing' } as const;

export const connectCommand: CommandSpec = {
  name: 'connect',
  synopsis: 'connect <host> [--each|--one] [--dry-run] [--http] [--in-project-file]',
  summary: "Put a host's servers behind the gateway in one reversible step (disconnect undoes it)",
  positionals: [1, 1],
  flags: {
    each: { type: 'boolean', help: '--each            One gateway entry of the same name per server (default)' },
    one: { type: 'boolean', help: '--one             One "switchboard" entry for all of them' },
    'dry-run': dryRun,
    http: { type: 'boolean', help: "--http            Write the HTTP door's URL (the token in the host's own secret syntax)" },
    'in-project-file': { type: 'boolean', help: "--in-project-file Rewrite a project file too (default: fronted in the host's own scope, or left alone)" },
  },
  run: runConnect,
};

export const disconnectCommand: CommandSpec = {
  name: 'disconnect',
  synopsis: 'disconnect <host> [--dry-run]',
  summary: "Undo connect: the host's file as it was (or its entries back, when it changed since)",
  positionals: [1, 1],
  flags: { 'dry-run': dryRun },
  run: runDisconnect,
};
