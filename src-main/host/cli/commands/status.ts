/**
 * `switchboard status [name]`: the docs/operator-verbs.md#status-view view, then shadowed definitions and config warnings.
 * With a running owner (docs/faces-and-ownership.md) it shows the owner's live facts (statuses, uptimes, restart
 * counts) and starts nothing; without one it connects (only `name` when given) in an ephemeral
 * core; a named server also gets its last connect's timings and deprecated features in use. Without a name it ends
 * with the gateway's lines (gateway-status.ts). `--json`: the `ServersSnapshot`, with `gateway` (`gateway:httpDoor`) without a name. Exit 2 when the named server is unknown, or when any
 * server shown is failing (`FAILED_STATUSES`: error, backoff, needs-auth, disconnected — a script
 * can tell "all good" from "something that should run does not"); untrusted, disabled and stopped
 * servers do not count. Else 0.
 */
import type { CommandSpec } from '../command-spec.js';
import type { ServersSnapshot, ServerStatusName } from '../../../../src-shared/api/status.js';
import { EXIT } from '../args.js';
import { trustHint, type CliContext } from '../context.js';
import { formatStatus } from '../format.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot } from '../owner-link.js';
import { overviewLines } from '../connect-format.js';
import { gatewayStatusLines } from '../gateway-status.js';
import { registryUpdateLines } from '../registry-update-lines.js';

/** Restrict a snapshot to one server (its shadowed definitions and warnings too). */
export function snapshotForServer(snapshot: ServersSnapshot, name: string): ServersSnapshot {
  const servers = snapshot.servers.filter((s) => s.server.name === name);
  const connected = servers.filter((s) => s.status === 'connected');
  return {
    ...snapshot,
    servers,
    shadowed: snapshot.shadowed.filter((s) => s.server.name === name),
    warnings: snapshot.warnings.filter((w) => w.server === undefined || w.server === name),
    totals: { servers: servers.length, connected: connected.length, tools: connected.reduce((n, s) => n + s.toolCount, 0) },
  };
}

/**
 * Statuses of a server that should run but does not: `status` exits 2 for them and `tools` reports
 * them. `backoff` (crashed, retrying by itself) is one: it is down now.
 */
export const FAILED_STATUSES: ReadonlySet<ServerStatusName> = new Set<ServerStatusName>(['error', 'backoff', 'needs-auth', 'disconnected']);

/** `switchboard status [name]` (see the file header). Resolves to the exit code: 0, or 2 for an unknown or failed server. */
export async function runStatus(ctx: CliContext): Promise<number> {
  const name = ctx.cli.positionals[0];
  return withOwnerOrOneShot(ctx, name !== undefined ? { onlyServers: [name] } : {}, async (call) => {
    const listed = await call('servers:list', {});
    if (!listed.ok) return printFailure(ctx, listed.error);
    let snapshot = listed.data;
    if (name !== undefined) {
      if (!snapshot.servers.some((s) => s.server.name === name)) {
        return printFailure(ctx, { code: 'NOT_FOUND', message: `Unknown server "${name}"` });
      }
      snapshot = snapshotForServer(snapshot, name);
    }
    // The gateway (issue 30): where its HTTP door is, a port that moved, hosts with a token.
    const doors = name === undefined ? await call('gateway:httpDoor', {}) : undefined;
    const gateway = doors?.ok ? doors.data : undefined;
    // Issue 36: newer versions of registry installs, from cached answers only (never a registry call).
    const updated = await call('registry:updates', {});
    const updates = updated.ok ? updated.data.updates.filter((u) => name === undefined || u.server === name) : [];
    if (ctx.cli.json) ctx.io.out(JSON.stringify({ ...snapshot, ...(gateway ? { gateway } : {}), ...(updates.length > 0 ? { updates } : {}) }, null, 2));
    else
      ctx.io.out(
        [...formatStatus(snapshot, { now: Date.now(), trustCommand: trustHint(ctx) }), ...(name !== undefined ? snapshot.servers.flatMap(overviewLines) : []), ...(gateway ? gatewayStatusLines(gateway) : []), ...registryUpdateLines(updates, Date.now())].join('\n'),
      );
    // disabled/untrusted servers have those statuses, never a failed one: only servers meant to run count.
    return snapshot.servers.some((s) => FAILED_STATUSES.has(s.status)) ? EXIT.FAILURE : EXIT.OK;
  });
}

/** `switchboard status [name]`. */
export const statusCommand: CommandSpec = {
  name: 'status',
  synopsis: 'status [name]',
  summary: "Show each server's status, tool count, uptime and last error (the running Switchboard's, else connect)",
  positionals: [0, 1],
  run: runStatus,
};
