/**
 * `switchboard trace [server] [--method M] [--host H] [--trace-id T] [--json] [-f]` (docs/inspecting.md "Trace across
 * servers"; `--host`: docs/gateway.md § Agents; `--trace-id`: docs/extensions.md § Trace context): the JSON-RPC trace of one server, or of every server merged in time order, as the UI
 * shows it (redacted, bounded) — a thin client of `trace:get` and `trace:appended`. From the live
 * owner when there is one; otherwise a one-shot core connects (that server) and prints what it
 * traced. `-f` follows the live owner until Ctrl-C. `--json`: one entry per line.
 */
import type { CommandSpec } from '../command-spec.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { EXIT } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner, needsOwnerMessage, withOwnerOrOneShot } from '../owner-link.js';
import { followUntilEnd } from './follow.js';
import { clockTime } from './lifecycle-format.js';
import { parseHost } from '../config-cli.js';

const KIND: Record<TraceEntry['kind'], string> = { request: 'req', response: 'res', error: 'err', notification: 'notif', transport: 'http' };

/** `12:00:01.234 alpha → req   tools/call #3 {…}` (with the latency of a reply: `… #3 4.2 ms {…}`; a gateway door's request and reply: `… via claude-code {…}`). */
export function formatTraceEntry(e: TraceEntry): string {
  const time = clockTime(e.time);
  const method = e.method ?? (e.kind === 'transport' ? (e.http?.method ?? 'SSE') : '');
  const parts = [time, e.server, e.direction === 'out' ? '→' : '←', KIND[e.kind].padEnd(5), method];
  if (e.id !== undefined) parts.push(`#${e.id}`);
  if (e.latencyMs !== undefined) parts.push(`${e.latencyMs} ms`);
  if (e.via !== undefined) parts.push(`via ${e.via.host}`);
  parts.push(e.text);
  return parts.join(' ');
}

/** What an empty `trace` says on stderr: the filters given, and that the trace starts with the Switchboard that answers. */
export function emptyTraceMessage(server?: string, method?: string, host?: string, traceId?: string): string {
  const filters = [server !== undefined ? `server ${server}` : '', method !== undefined ? `--method ${method}` : '', host !== undefined ? `--host ${host}` : '', traceId !== undefined ? `--trace-id ${traceId}` : ''].filter(Boolean);
  const what = filters.length > 0 ? `No trace entries match ${filters.join(', ')}` : 'No trace entries';
  const via = host !== undefined ? `; a call from ${host} through its gateway door shows here as "via ${host}"` : '';
  return `${what}: the trace holds what the running Switchboard (or this one-shot run) saw since it started${via}`;
}

export async function runTrace(ctx: CliContext): Promise<number> {
  const server = ctx.cli.positionals[0];
  const method = typeof ctx.cli.flags.method === 'string' ? ctx.cli.flags.method : undefined;
  const print = (e: TraceEntry): void => ctx.io.out(ctx.cli.json ? JSON.stringify(e) : formatTraceEntry(e));
  // `--host`: only that host's gateway traffic (the core's filter, `trace:get`'s `host`).
  const host = parseHost(ctx.cli.flags.host);
  // `--trace-id`: one W3C trace (a tool call's requests and replies); the core checks its form (`trace:get`).
  const traceId = typeof ctx.cli.flags['trace-id'] === 'string' ? ctx.cli.flags['trace-id'].trim().toLowerCase() : undefined;
  const input = { ...(server !== undefined ? { server } : {}), ...(method !== undefined ? { method } : {}), ...(host !== undefined ? { host } : {}), ...(traceId !== undefined ? { traceId } : {}) };
  if (ctx.cli.flags.follow === true) {
    const owner = await attachOwner(ctx);
    if (!owner) {
      ctx.io.err(needsOwnerMessage('trace -f'));
      return EXIT.FAILURE;
    }
    const { api } = owner;
    const verb = `trace${server ? ` ${server}` : ''}${host ? ` --host ${host}` : ''} -f`;
    try {
      let last = 0;
      let caughtUp = false;
      const show = (e: TraceEntry): void => {
        if (e.seq <= last) return;
        last = e.seq;
        print(e);
      };
      // Subscribe first, then fetch the backlog: nothing falls between the two (dedup by seq).
      // The new entries go through trace:get too, so the filter is the core's (afterSeq).
      let pending = Promise.resolve();
      api.on('trace:appended', () => {
        if (!caughtUp) return;
        pending = pending.then(async () => {
          const more = await api.call('trace:get', { ...input, afterSeq: last });
          if (more.ok) more.data.forEach(show);
        });
      });
      const backlog = await api.call('trace:get', input);
      if (!backlog.ok) return printFailure(ctx, backlog.error);
      backlog.data.forEach(show);
      caughtUp = true;
      return await followUntilEnd(ctx.io, api.closed, verb);
    } finally {
      api.close();
    }
  }
  return withOwnerOrOneShot(ctx, server ? { onlyServers: [server] } : {}, async (call) => {
    if (server !== undefined) {
      const listed = await call('servers:list', {});
      if (listed.ok && !listed.data.servers.some((s) => s.server.name === server)) {
        return printFailure(ctx, { code: 'NOT_FOUND', message: `Unknown server "${server}"` });
      }
    }
    const result = await call('trace:get', input);
    if (!result.ok) return printFailure(ctx, result.error);
    for (const e of result.data) print(e);
    // An empty answer says why on stderr (found trying issue 31 as a new user: `trace --host claude-code`
    // printed nothing at all after a restart); stdout stays empty for scripts.
    if (result.data.length === 0 && !ctx.cli.json) ctx.io.err(emptyTraceMessage(server, method, host, traceId));
    return EXIT.OK;
  });
}

export const traceCommand: CommandSpec = {
  name: 'trace',
  synopsis: 'trace [server] [--method M] [--host H] [--trace-id T] [-f]',
  summary: 'Show the JSON-RPC trace of a server, or of every server in time order; -f follows a running Switchboard',
  positionals: [0, 1],
  flags: {
    method: { type: 'string', help: '--method <m>      Only messages of this method (a reply counts as its request\'s)' },
    host: { type: 'string', help: '--host <id>       Only the gateway traffic of this host\'s agent (via <id>)' },
    'trace-id': { type: 'string', help: '--trace-id <id>   Only the messages of this W3C trace (32 hex; a tool call\'s)' },
    follow: { type: 'boolean', short: 'f', help: '-f, --follow       Keep printing new messages (needs a running Switchboard)' },
  },
  run: runTrace,
};
