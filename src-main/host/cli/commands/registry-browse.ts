/**
 * `switchboard search <text> [--registry R] [--all] [--cursor C] [--limit N]` and `switchboard show
 * <name>[@version] [--registry R]` (issue 36 item 2, docs/registry.md § Search and show): the
 * person's explicit look into the configured MCP Registries. Thin clients of `registry:search` /
 * `registry:show`: the running Switchboard's, else a one-shot core (which asks the registry itself —
 * the person asked for it; `status` never does).
 *
 * Exit codes: 0 answered (from the network or, when a registry is down, from its cache — stderr says
 * how old); 2 nothing answered (every registry down with nothing cached), an unknown name or
 * registry; 3 `show` of a deleted entry (it is printed, and can never be installed); 64 usage.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';
import { formatSearch, formatShow } from './registry-format.js';
import { cacheNote } from '../../../../src-shared/api/registry-words.js';

/** `show`'s exit code for a deleted entry. */
export const EXIT_DELETED = 3;

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export async function runSearch(ctx: CliContext): Promise<number> {
  const text = ctx.cli.positionals.join(' ');
  const limitFlag = str(ctx.cli.flags.limit);
  const limit = limitFlag === undefined ? undefined : Number(limitFlag);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) throw new UsageError('--limit takes a whole number from 1 to 100');
  const registry = str(ctx.cli.flags.registry);
  const cursor = str(ctx.cli.flags.cursor);
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await call('registry:search', {
      text,
      ...(registry === undefined ? {} : { registry }),
      ...(cursor === undefined ? {} : { cursor }),
      ...(ctx.cli.flags.all === true ? { includeInactive: true } : {}),
      ...(limit === undefined ? {} : { limit }),
    });
    if (!r.ok) return printFailure(ctx, r.error);
    const answered = r.data.registries.some((p) => p.error === undefined);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    const { out, notes } = formatSearch(r.data, text);
    if (!ctx.cli.json && out.length > 0) ctx.io.out(out.join('\n'));
    for (const n of notes) ctx.io.err(n);
    if (r.data.registries.length === 0) ctx.io.err('No registry is configured: switchboard registry add <name> <url>');
    return answered ? EXIT.OK : EXIT.FAILURE;
  });
}

/** `name@version` split at the last `@` (a registry name holds no `@`). */
export function splitNameVersion(arg: string): { name: string; version?: string } {
  const at = arg.lastIndexOf('@');
  if (at <= 0) return { name: arg };
  const version = arg.slice(at + 1);
  if (version === '') throw new UsageError(`"${arg}": give a version after @, or leave out the @`);
  return { name: arg.slice(0, at), version };
}

export async function runShow(ctx: CliContext): Promise<number> {
  const { name, version } = splitNameVersion(ctx.cli.positionals[0] ?? '');
  const registry = str(ctx.cli.flags.registry);
  return withOwnerOrOffline(ctx, async (call) => {
    const r = await call('registry:show', { name, ...(version === undefined ? {} : { version }), ...(registry === undefined ? {} : { registry }) });
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : formatShow(r.data).join('\n'));
    const note = cacheNote(r.data.card.registry, r.data.cache);
    if (note) ctx.io.err(note);
    if (r.data.card.status === 'deleted') {
      ctx.io.err(`${r.data.card.name}@${r.data.card.version} is deleted from registry ${r.data.card.registry}: it can never be installed.`);
      return EXIT_DELETED;
    }
    return EXIT.OK;
  });
}

const registryFlag = { type: 'string', help: '--registry <name>  Only this configured registry (switchboard registry list)' } as const;

export const searchCommand: CommandSpec = {
  name: 'search',
  synopsis: 'search <text> [--registry R] [--all] [--cursor C] [--limit N]',
  summary: 'Search the configured MCP Registries for servers (a registry that is down answers from its cache; docs/registry.md)',
  positionals: [0, 20],
  flags: {
    registry: registryFlag,
    all: { type: 'boolean', help: '--all             Also deprecated and deleted entries' },
    cursor: { type: 'string', help: '--cursor <c>      The next page of one registry (with --registry; printed after a page)' },
    limit: { type: 'string', help: '--limit <n>       Entries per page from each registry (default 30, at most 100)' },
  },
  run: runSearch,
};

export const showCommand: CommandSpec = {
  name: 'show',
  synopsis: 'show <name>[@version] [--registry R]',
  summary: 'Show one MCP Registry entry: packages, remotes, versions, status (exit 3: deleted, never installable)',
  positionals: [1, 1],
  flags: { registry: registryFlag },
  run: runShow,
};
