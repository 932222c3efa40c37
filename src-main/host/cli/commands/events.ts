/**
 * `switchboard events …` (issue 34; docs/extensions.md § Events): thin over `events:*`.
 * - `events <server>`: the server's event types (the running Switchboard's, else a one-shot core
 *   that connects that server); a 2025-era server or one without the extension says why.
 * - `events subscribe <server> <name> [--args J] [--poll|--push] [--interval <s>]`,
 *   `events unsubscribe <id>`, `events subscriptions`: act on the running Switchboard, which owns the
 *   subscriptions (exit 2 with how to start it when there is none).
 * `--json` prints the contract's shapes. Exit 0, 2 on failure, 64 on a usage mistake.
 */
import type { EventSubscription, EventTypeList } from '../../../../src-shared/api/events.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError, parseToolArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { withOwnerOrOneShot, withRequiredOwner } from '../owner-link.js';
import { terminalSafe } from '../terminal-safe.js';

/** One subscription as a line. */
export function subscriptionLine(s: EventSubscription): string {
  const every = s.delivery === 'poll' ? ` every ${s.intervalMs / 1000} s` : '';
  const error = s.lastError ?? s.stopReason;
  return terminalSafe(`${s.id}  ${s.serverId}  ${s.name}  ${s.delivery}${every}  ${s.state}  ${s.received} received${s.gaps ? `, ${s.gaps} gaps` : ''}${s.invalid ? `, ${s.invalid} not matching the payload schema` : ''}  args ${JSON.stringify(s.arguments)}${error ? `  — ${error}` : ''}`);
}

/** The event types as lines (descriptions are server text: made terminal-safe). */
function typeLines(list: EventTypeList): string[] {
  if (!list.supported) return [terminalSafe(list.message ?? 'Events are not available')];
  if (list.types.length === 0) return [`${list.serverId} lists no event types.`];
  return list.types.map((t) => terminalSafe(`${t.name}  ${t.delivery.join(', ')}${t.description ? `  ${t.description}` : ''}`));
}

function intervalMs(flag: unknown): number | undefined {
  if (flag === undefined) return undefined;
  const seconds = Number(flag);
  if (typeof flag !== 'string' || !Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--interval takes seconds (at least 5), got "${String(flag)}"`);
  return Math.round(seconds * 1000);
}

export async function runEvents(ctx: CliContext): Promise<number> {
  const [first, a, b] = ctx.cli.positionals;
  const json = (data: unknown): void => ctx.io.out(JSON.stringify(data, null, 2));
  if (first === 'subscribe') {
    if (a === undefined || b === undefined) throw new UsageError('"events subscribe" needs a server and an event name');
    const args = parseToolArgs(ctx.cli.flags.args as string | undefined);
    if (ctx.cli.flags.push === true && ctx.cli.flags.poll === true) throw new UsageError('give --push or --poll, not both');
    const delivery = ctx.cli.flags.push === true ? 'push' : 'poll';
    const every = intervalMs(ctx.cli.flags.interval);
    if (every !== undefined && delivery === 'push') throw new UsageError('--interval goes with --poll');
    return withRequiredOwner(ctx, 'events subscribe', async (call) => {
      const r = await call('events:subscribe', { serverId: a, name: b, arguments: args, delivery, ...(every !== undefined ? { intervalMs: every } : {}) });
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) json(r.data);
      else ctx.io.out(`Subscribed: ${subscriptionLine(r.data)}`);
      return EXIT.OK;
    });
  }
  if (first === 'unsubscribe') {
    if (a === undefined) throw new UsageError('"events unsubscribe" needs a subscription id (see: switchboard events subscriptions)');
    return withRequiredOwner(ctx, 'events unsubscribe', async (call) => {
      const r = await call('events:unsubscribe', { id: a });
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) json(r.data);
      else ctx.io.out(terminalSafe(`Unsubscribed ${r.data.id} (${r.data.serverId} ${r.data.name}); its entries stay in the channels.`));
      return EXIT.OK;
    });
  }
  if (first === 'subscriptions') {
    return withRequiredOwner(ctx, 'events subscriptions', async (call) => {
      const r = await call('events:subscriptions', a !== undefined ? { serverId: a } : {});
      if (!r.ok) return printFailure(ctx, r.error);
      if (ctx.cli.json) json(r.data);
      else ctx.io.out(r.data.length === 0 ? 'No event subscriptions.' : r.data.map(subscriptionLine).join('\n'));
      return EXIT.OK;
    });
  }
  if (first === undefined) throw new UsageError('"events" needs a server name (or subscribe, unsubscribe, subscriptions)');
  return withOwnerOrOneShot(ctx, { onlyServers: [first] }, async (call) => {
    const r = await call('events:list', { serverId: first });
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) json(r.data);
    else ctx.io.out(typeLines(r.data).join('\n'));
    return EXIT.OK;
  });
}

export const eventsCommand: CommandSpec = {
  name: 'events',
  synopsis: 'events <server> | events subscribe <server> <name> [--args J] [--poll|--push] [--interval <s>] | events unsubscribe <id> | events subscriptions [server]',
  summary: "List a server's MCP event types; subscribe to them (occurrences become channel entries); list or end subscriptions",
  positionals: [0, 3],
  flags: {
    args: { type: 'string', help: '--args <json>     Subscription arguments as a JSON object; @file.json or - (stdin) (events subscribe)' },
    poll: { type: 'boolean', help: '--poll            Deliver by events/poll on an interval (default) (events subscribe)' },
    push: { type: 'boolean', help: '--push            Deliver over one long-lived events/stream (events subscribe)' },
    interval: { type: 'string', help: '--interval <s>    Poll interval in seconds: default 60, at least 5 (events subscribe --poll)' },
  },
  run: runEvents,
};
