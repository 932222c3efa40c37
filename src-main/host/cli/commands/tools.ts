/**
 * `switchboard tools [server]`: the running owner's tools when there is one (docs/faces-and-ownership.md), else connect
 * every server in an ephemeral core — a tool's name depends on the other servers' tools (issue 28 item 3:
 * names are assigned over all servers, then narrowed to `server`); list tools under their
 * agent-visible names (docs/tool-bridge.md). `--json`: a `ToolsListing` (`{tools, warnings}`: lists that stopped early, and servers not listed — down,
 * untrusted, changed — with why), each tool
 * with `hostNames` (its name under every other host's scheme). A list that stopped early (a repeated
 * cursor, the page limit) is named on stderr (`Warning: "<server>": …`) and in `warnings`. `--catalog`: the
 * deferred-schema catalog (name + `[MCP:server] description` per line, tab-separated; `--json`:
 * `CatalogEntry[]`). Servers
 * that are down (`FAILED_STATUSES`, `backoff` included, with the next retry) are reported on stderr;
 * exit 2 when the named server is unknown, down, untrusted, disabled or changed since approved.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import { trustHint, type CliContext } from '../context.js';
import { formatTools, retryNote } from '../format.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { buildCatalog } from '../../../core/composition/entry-kit.js';
import { FAILED_STATUSES } from './status.js';
import { connectFailureMessage } from '../../../../src-shared/api/failure-wording.js';
import type { ToolInfo, ToolsListing } from '../../../../src-shared/api/status.js';
import { toolNamesUnderSchemes, type SchemeName } from '../../../../src-shared/config/host-tool-names.js';

/**
 * `tools --json`: each `ToolInfo` plus `hostNames`, its name under every other host's scheme with the
 * collisions counted over all servers' tools (docs/tool-names.md), narrowed to `server` when given.
 */
function withHostNames(all: readonly ToolInfo[], server: string | undefined): Array<ToolInfo & { hostNames: Record<string, SchemeName> }> {
  const rows = toolNamesUnderSchemes(all);
  return all
    .map((t, i) => ({ ...t, hostNames: Object.fromEntries(Object.entries(rows[i]!).filter(([id]) => id !== 'switchboard')) }))
    .filter((t) => server === undefined || t.server === server);
}

/** `switchboard tools [server]`. Resolves to 0, or 2 when the named server is unknown, failed, untrusted, disabled or changed since approved (issue 16 item 1). */
export async function runTools(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0];
  return withOwnerOrOneShot(ctx, {}, async (call) => {
    const listed = await call('servers:list', {});
    if (!listed.ok) return printFailure(ctx, listed.error);
    const states = listed.data.servers.filter((s) => name === undefined || s.server.name === name);
    if (name !== undefined && states.length === 0) {
      return printFailure(ctx, { code: 'NOT_FOUND', message: `Unknown server "${name}"` });
    }
    // Every server's tools: collisions under each host's scheme cross servers (issue 28 items 2 and 3).
    const all = await call('tools:list', {});
    if (!all.ok) return printFailure(ctx, all.error);
    const tools = { data: all.data.filter((t) => name === undefined || t.server === name) };
    const listWarnings = states.flatMap((s) => (s.toolListWarning ? [{ server: s.server.name, warning: s.toolListWarning }] : []));
    // `--json` says which servers' tools are missing and why (trial 8 F11: only stderr prose did).
    const missing = states.flatMap((s) =>
      FAILED_STATUSES.has(s.status)
        ? [{ server: s.server.name, warning: `not listed: ${connectFailureMessage(s.server.name, s.lastError ?? s.status)}` }]
        : s.status === 'untrusted'
          ? [{ server: s.server.name, warning: `not listed: not started, the project folder is not trusted (run: ${trustHint(ctx)})` }]
          : s.status === 'changed'
            ? [{ server: s.server.name, warning: 'not listed: changed since it was approved; nothing started (switchboard trust --review)' }]
            : [],
    );
    if (ctx.cli.flags.catalog === true) {
      // docs/tool-bridge.md deferred schemas: names and descriptions only; `describe <name>` gives the schema.
      const catalog = buildCatalog(tools.data);
      if (ctx.cli.json) ctx.io.out(JSON.stringify(catalog, null, 2));
      else ctx.io.out(catalog.map((c) => `${c.name}\t${c.description}`).join('\n'));
    } else if (ctx.cli.json) {
      const listing: ToolsListing = { tools: withHostNames(all.data, name), warnings: [...listWarnings, ...missing] };
      ctx.io.out(JSON.stringify(listing, null, 2));
    } else {
      ctx.io.out(formatTools(tools.data).join('\n'));
      // Issue 27 item 6: a list that stopped early says so where it is shown, not only in status.
      for (const w of listWarnings) ctx.io.err(`Warning: "${w.server}": ${w.warning}`);
    }
    const untrusted = states.filter((s) => s.status === 'untrusted');
    const trustLine = `Not started (project folder not trusted): ${untrusted.map((s) => s.server.name).join(', ')}; run: ${trustHint(ctx)}`;
    // Like status: the hint sits under the (maybe empty) list; with --json/--catalog output it goes to stderr.
    if (untrusted.length > 0 && (ctx.cli.json || ctx.cli.flags.catalog === true)) ctx.io.err(trustLine);
    else if (untrusted.length > 0) ctx.io.out(trustLine);
    // Issue 16 item 2: tools held back in block mode are not listed; say so rather than "No tools".
    for (const state of states) {
      const held = state.pins?.drift.filter((d) => d.held).length ?? 0;
      if (held > 0) ctx.io.err(`${held} tool${held === 1 ? '' : 's'} of "${state.server.name}" held back (changed since pinned, block mode); see: switchboard pins ${state.server.name}, accept with: switchboard pins accept ${state.server.name}`);
    }
    // Issue 16 item 1: a changed definition runs nothing until approved.
    for (const state of states.filter((s) => s.status === 'changed')) {
      ctx.io.err(`Server "${state.server.name}" changed since it was approved; nothing started. Review with: switchboard trust --review`);
    }

    let failed = false;
    for (const state of states) {
      if (FAILED_STATUSES.has(state.status)) {
        failed = true;
        ctx.io.err(`${connectFailureMessage(state.server.name, state.lastError ?? state.status)}${retryNote(state, Date.now())}`);
      }
    }
    for (const state of states.filter((s) => s.status === 'disabled' && name !== undefined)) {
      ctx.io.err(`Server "${state.server.name}" is disabled. Run switchboard enable ${state.server.name} first.`);
    }
    if (name !== undefined && (failed || untrusted.length > 0 || states[0]?.status === 'disabled' || states[0]?.status === 'changed')) return EXIT.FAILURE;
    return EXIT.OK;
  });
}

/** `switchboard tools [server]`. */
export const toolsCommand: CommandSpec = {
  name: 'tools',
  synopsis: 'tools [server] [--catalog]',
  summary: "List tools under their agent-visible names",
  positionals: [0, 1],
  flags: { catalog: { type: 'boolean', help: '--catalog         Catalog export: agent-visible name + description only (tools)' } },
  run: runTools,
};
