/**
 * `switchboard servers`: discovery only, no connection, no process (docs/config-discovery.md): every definition with
 * host, file:line, scope, transport, launch and enabled; shadowed definitions with what shadows
 * them; warnings. `--json`: a `DiscoveryReport` (schemas from src-shared).
 */
import type { CommandSpec } from '../command-spec.js';
import type { HostView as HostViewJson } from '../../../../src-shared/api/config.js';
import type { ServersSnapshot } from '../../../../src-shared/api/status.js';
import type { HostId } from '../../../../src-shared/config/server.js';
import { parseHost } from '../config-cli.js';
import { EXIT } from '../args.js';
import { trustHint, type CliContext } from '../context.js';
import { formatServers, type DiscoveryReport } from '../format.js';
import { printFailure } from '../output.js';
import { withOwnerOrOffline } from '../owner-link.js';
import { gatewayStateLines } from '../gateway-held-lines.js';

/**
 * The discovery part of a `servers:list` snapshot (no runtime state), with the core's verdict on
 * project servers that start nothing until approved (its status `untrusted`/`changed`, docs/trust.md).
 */
export function discoveryReport(snapshot: ServersSnapshot): DiscoveryReport {
  return {
    project: snapshot.project,
    servers: snapshot.servers.map((s) => ({
      ...s.server,
      ...(s.status === 'untrusted' || s.status === 'changed' ? { status: s.status } : {}),
      ...(s.approval ? { approval: s.approval } : {}),
    })),
    shadowed: snapshot.shadowed,
    warnings: snapshot.warnings,
  };
}

/** `switchboard servers --host <id>`: that host's own view (docs/config-discovery.md, `config:hosts`), `--json`: the `HostView`. */
async function runHostView(ctx: CliContext, host: HostId): Promise<number> {
  return withOwnerOrOffline(ctx, async (call, live, ownerProject) => {
    const r = await call('config:hosts', {});
    if (!r.ok) return printFailure(ctx, r.error);
    const view = r.data.find((v) => v.host === host)!;
    if (ctx.cli.json) {
      ctx.io.out(JSON.stringify(view, null, 2));
      return EXIT.OK;
    }
    // The door's real state (a trial finding: every entry broken, yet this showed ✓).
    const door = await call('gateway:list', { host, project: ctx.projectDir });
    ctx.io.out([...formatHostView(view), ...(door.ok ? gatewayStateLines(door.data, live, ownerProject) : [`  through the gateway: ${door.error.message}`])].join('\n'));
    return EXIT.OK;
  });
}

/** Lines of a host view: its files (found or not), then each definition, loaded or why not. */
export function formatHostView(view: HostViewJson): string[] {
  const lines = [`${view.label} (${view.host})`, '  files:'];
  for (const f of view.files) {
    const mark = f.error ? '✕' : f.exists ? '✓' : '·';
    lines.push(`    ${mark} ${f.path}${f.error?.line !== undefined ? `:${f.error.line}:${f.error.column ?? 1}` : ''}  (${f.scope}${f.exists ? '' : ', not found'})`);
    if (f.error) lines.push(`        ${f.error.message}`);
  }
  // A file that could not be read is not "fine with no servers" (issue 27 item 9).
  if (view.entries.length === 0) lines.push(view.files.some((f) => f.error) ? '  no servers read (see the file errors above)' : '  no servers');
  for (const e of view.entries) {
    const s = e.server;
    const where = `${s.source.file}${s.source.line ? `:${s.source.line}` : ''}`;
    lines.push(`  ${e.state === 'active' ? '●' : '○'} ${s.name}  ${e.launch ?? s.command ?? s.url ?? ''}  ${s.source.scope}  ${where}`);
    lines.push(`      ${e.stateText ?? (s.enabled ? 'enabled' : 'disabled')}${e.note && e.note !== e.stateText ? ` · ${e.note}` : ''}`);
  }
  return lines;
}

/** `switchboard servers` (discovery only: `servers:list` of the owner or a one-shot core that starts nothing). Resolves to exit code 0. */
export async function runServers(ctx: CliContext): Promise<number> {
  const host = parseHost(ctx.cli.flags.host);
  if (host) return runHostView(ctx, host);
  return withOwnerOrOffline(ctx, async (call) => {
    const listed = await call('servers:list', {});
    if (!listed.ok) return printFailure(ctx, listed.error);
    const report = discoveryReport(listed.data);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(report, null, 2));
    else ctx.io.out(formatServers(report, trustHint(ctx)).join('\n'));
    return EXIT.OK;
  });
}

/** `switchboard servers`. */
export const serversCommand: CommandSpec = {
  name: 'servers',
  synopsis: 'servers [--host <id>]',
  flags: { host: { type: 'string', help: '--host <id>       Host whose file to use (add, servers)' } },
  summary: "List every configured definition (no connections)",
  positionals: [0, 0],
  run: runServers,
};
