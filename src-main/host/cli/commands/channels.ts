/**
 * `switchboard channels` (issue 13, docs/channels.md): the notifications servers pushed.
 *
 * - `channels [--server S] [--channel C] [--unread] [--limit N] [-f] [--json]`: list (from the
 *   running Switchboard; without one, read `channels.jsonl` directly); `-f` follows new ones
 *   (needs a running Switchboard); `--json` prints the entries (one per line with `-f`).
 * - `channels ack <seq|all>` (`all` honours `--server`/`--channel`), `channels pause <server>[/<channel>]`,
 *   `channels resume <server>[/<channel>]`: act on the running Switchboard (say so without one).
 * - `channels context [--last N] [--server S] [--channel C] [--unread]`: the N (default 5, as many as
 *   ChatCLI injects) most recent notifications as the markdown the window's "Copy recent as context"
 *   copies (`channels:context`; without a running Switchboard, from `channels.jsonl`). Issue 28 item 7.
 */
import type { ChannelEntryView, ChannelQuery } from '../../../../src-shared/api/channels.js';
import { channelMatches } from '../../../../src-shared/channels/channel-names.js';
import { contextMarkdown, readChannelsOffline } from '../../../core/composition/entry-kit.js';
import type { CommandSpec } from '../command-spec.js';
import { EXIT, UsageError } from '../args.js';
import type { CliContext } from '../context.js';
import { printFailure } from '../output.js';
import { attachOwner, needsOwnerMessage, withRequiredOwner, type Caller } from '../owner-link.js';
import { formatChannelEntry, formatChannelSummary } from './channels-format.js';
import { followUntilEnd } from './follow.js';

/** The query the flags ask for. Throws `UsageError` for a bad `--limit`. */
export function channelQuery(ctx: CliContext): ChannelQuery {
  const f = ctx.cli.flags;
  const q: ChannelQuery = {};
  if (typeof f.server === 'string') q.server = f.server;
  if (typeof f.channel === 'string') q.channel = f.channel;
  if (f.unread === true) q.unread = true;
  if (typeof f.limit === 'string') {
    const n = Number(f.limit);
    if (!/^\d+$/.test(f.limit) || n < 1 || n > 10_000) throw new UsageError(`--limit must be a whole number from 1 to 10000, got "${f.limit}"`);
    q.limit = n;
  }
  return q;
}

/**
 * Split `<server>[/<channel>]`: the whole text when it names a known server (names read from
 * hosts may hold `/`), else at the first `/`.
 */
export function splitTarget(target: string, servers: readonly string[]): { server: string; channel?: string } {
  if (servers.includes(target)) return { server: target };
  const i = target.indexOf('/');
  if (i <= 0 || i === target.length - 1) return { server: target };
  return { server: target.slice(0, i), channel: target.slice(i + 1) };
}

async function serverNames(call: Caller): Promise<string[]> {
  const r = await call('servers:list', {});
  return r.ok ? r.data.servers.map((s) => s.server.name) : [];
}

function print(ctx: CliContext, entries: readonly ChannelEntryView[], follow: boolean): void {
  if (ctx.cli.json && !follow) ctx.io.out(JSON.stringify(entries, null, 2));
  else for (const e of entries) ctx.io.out(ctx.cli.json ? JSON.stringify(e) : formatChannelEntry(e));
}

async function list(ctx: CliContext): Promise<number> {
  const q = channelQuery(ctx);
  const follow = ctx.cli.flags.follow === true;
  const owner = await attachOwner(ctx);
  if (!owner) {
    if (follow) {
      ctx.io.err(needsOwnerMessage('channels -f'));
      return EXIT.FAILURE;
    }
    const { page, summary, warnings } = readChannelsOffline(ctx.dataDir, q);
    for (const w of warnings) ctx.io.err(`warning: ${w}`);
    print(ctx, page.entries, false);
    if (!ctx.cli.json) ctx.io.out(`${formatChannelSummary(summary)} (read from the file: no Switchboard is running)`);
    return EXIT.OK;
  }
  const { api } = owner;
  try {
    let last = 0;
    let caughtUp = false;
    const queued: ChannelEntryView[] = [];
    const wanted = (e: ChannelEntryView): boolean =>
      (q.server === undefined || e.server === q.server) && (q.channel === undefined || channelMatches(q.channel, e.channel)) && (!q.unread || (!e.acked && !e.paused));
    // Subscribe before fetching the backlog: nothing falls between the two (deduplicated by seq).
    if (follow) {
      api.on('channels:appended', (entries) => {
        const mine = entries.filter(wanted);
        if (!caughtUp) {
          queued.push(...mine);
          return;
        }
        for (const e of mine) {
          if (e.seq <= last) continue;
          last = e.seq;
          print(ctx, [e], true);
        }
      });
    }
    const page = await api.call('channels:list', q);
    if (!page.ok) return printFailure(ctx, page.error);
    if (!follow) {
      print(ctx, page.data.entries, false);
      if (!ctx.cli.json) {
        const summary = await api.call('channels:summary', {});
        if (summary.ok) ctx.io.out(formatChannelSummary(summary.data));
      }
      return EXIT.OK;
    }
    for (const e of [...page.data.entries, ...queued].sort((a, b) => a.seq - b.seq)) {
      if (e.seq <= last) continue;
      last = e.seq;
      print(ctx, [e], true);
    }
    caughtUp = true;
    return await followUntilEnd(ctx.io, api.closed, 'channels -f');
  } finally {
    api.close();
  }
}

/** What `channels ack` did, in words: one notification, one server's (and channel's) or all of them (issue 28 item 10). */
export function ackedText(input: { seq: number } | { all: true; server?: string; channel?: string }): string {
  if ('seq' in input) return `Acknowledged #${input.seq}.`;
  if (input.server === undefined) return 'Acknowledged every notification so far.';
  return `Acknowledged ${input.server}'s ${input.channel ? `${input.channel} ` : ''}notifications so far (other servers' are unchanged).`;
}

async function ack(ctx: CliContext, what: string): Promise<number> {
  const f = ctx.cli.flags;
  let input: { seq: number } | { all: true; server?: string; channel?: string };
  if (what === 'all') {
    if (typeof f.channel === 'string' && typeof f.server !== 'string') throw new UsageError('--channel needs --server with "channels ack all"');
    input = { all: true, ...(typeof f.server === 'string' ? { server: f.server } : {}), ...(typeof f.channel === 'string' ? { channel: f.channel } : {}) };
  } else {
    const seq = Number(what.replace(/^#/, ''));
    if (!/^#?\d+$/.test(what) || seq < 1) throw new UsageError(`"channels ack" takes a notification number (#seq) or "all", got "${what}"`);
    input = { seq };
  }
  return withRequiredOwner(ctx, 'channels ack', async (call) => {
    const r = await call('channels:ack', input);
    if (!r.ok) return printFailure(ctx, r.error);
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    else ctx.io.out(`${ackedText(input)} ${formatChannelSummary(r.data)}`);
    return EXIT.OK;
  });
}

/** How many notifications ChatCLI injects into its agent's prompt, the default of `channels context`. */
export const CONTEXT_DEFAULT = 5;

async function context(ctx: CliContext): Promise<number> {
  const f = ctx.cli.flags;
  const last = f.last === undefined ? CONTEXT_DEFAULT : Number(f.last);
  if (typeof f.last === 'string' && (!/^\d+$/.test(f.last) || last < 1 || last > 500)) throw new UsageError(`--last must be a whole number from 1 to 500, got "${f.last}"`);
  const q = { ...(typeof f.server === 'string' ? { server: f.server } : {}), ...(typeof f.channel === 'string' ? { channel: f.channel } : {}), ...(f.unread === true ? { unread: true } : {}) };
  const owner = await attachOwner(ctx);
  if (!owner) {
    const { page, warnings } = readChannelsOffline(ctx.dataDir, { ...q, limit: last });
    for (const w of warnings) ctx.io.err(`warning: ${w}`);
    ctx.io.out(contextMarkdown(page.entries).trimEnd());
    return EXIT.OK;
  }
  try {
    const r = await owner.api.call('channels:context', { ...q, limit: last });
    if (!r.ok) return printFailure(ctx, r.error);
    ctx.io.out(ctx.cli.json ? JSON.stringify(r.data, null, 2) : r.data.markdown.trimEnd());
    return EXIT.OK;
  } finally {
    owner.api.close();
  }
}

async function pauseOrResume(ctx: CliContext, verb: 'pause' | 'resume', target: string): Promise<number> {
  return withRequiredOwner(ctx, `channels ${verb}`, async (call) => {
    const t = splitTarget(target, await serverNames(call));
    const r = await call(verb === 'pause' ? 'channels:pause' : 'channels:resume', t);
    if (!r.ok) return printFailure(ctx, r.error);
    const label = t.channel ? `${t.server}/${t.channel}` : t.server;
    if (ctx.cli.json) ctx.io.out(JSON.stringify(r.data, null, 2));
    else ctx.io.out(`${verb === 'pause' ? 'Paused' : 'Resumed'} ${label}. ${formatChannelSummary(r.data)}`);
    return EXIT.OK;
  });
}

export async function runChannels(ctx: CliContext): Promise<number> {
  const [verb, arg] = ctx.cli.positionals;
  if (verb === undefined) return list(ctx);
  if (verb === 'context') return context(ctx);
  if (verb === 'ack' || verb === 'pause' || verb === 'resume') {
    if (arg === undefined) throw new UsageError(`"channels ${verb}" needs ${verb === 'ack' ? 'a notification number or "all"' : '<server>[/<channel>]'}`);
    return verb === 'ack' ? ack(ctx, arg) : pauseOrResume(ctx, verb, arg);
  }
  throw new UsageError(`Unknown "channels" verb "${verb}" (use ack, pause, resume or context)`);
}

export const channelsCommand: CommandSpec = {
  name: 'channels',
  synopsis: 'channels [ack <seq|all> | pause|resume <server>[/<channel>] | context [--last N]]',
  summary: 'Notifications servers pushed: list (-f follows), ack, pause, resume, context (markdown for an agent)',
  positionals: [0, 2],
  flags: {
    server: { type: 'string', help: '--server <name>   Only this server' },
    channel: { type: 'string', help: '--channel <c>     Only this channel (and those under it: "message" covers "message/db")' },
    unread: { type: 'boolean', help: '--unread          Only notifications not acknowledged' },
    limit: { type: 'string', help: '--limit <n>       The newest n (default 200)' },
    follow: { type: 'boolean', short: 'f', help: '-f, --follow      Keep printing new ones (needs a running Switchboard)' },
    last: { type: 'string', help: '--last <n>        With "context": the n most recent (default 5)' },
  },
  run: runChannels,
};
