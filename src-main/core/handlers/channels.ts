/** Handlers of `channels:*` and `triggers:*` (docs/channels.md, issue 13): thin over the core's `ChannelService`. */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { importChatcliRules } from '../channels/chatcli-triggers.js';
import { readConfigTextOutcome } from '../files/read-config-text.js';
import { joinFor } from '../data/paths.js';

type ChannelMethod =
  | 'channels:list'
  | 'channels:summary'
  | 'channels:ack'
  | 'channels:seen'
  | 'channels:pause'
  | 'channels:resume'
  | 'channels:context'
  | 'triggers:list'
  | 'triggers:confirm'
  | 'triggers:run'
  | 'triggers:save'
  | 'triggers:preview'
  | 'triggers:importChatcli';

/** `triggers:importChatcli`: read ChatCLI's file and ours, append, save through the one writer (`save`). */
async function importChatcli(ctx: CoreContext, file: string | undefined) {
  const from = file ?? joinFor(ctx.options.platform, ctx.options.platform.home, '.chatcli', 'mcp', 'triggers.json');
  const theirs = await readConfigTextOutcome(from);
  if (theirs.kind !== 'text') throw new CoreError('NOT_FOUND', theirs.kind === 'missing' ? `No ChatCLI trigger rules at ${from}` : theirs.message);
  const into = ctx.channels.triggersFile;
  const ours = await readConfigTextOutcome(into);
  if (ours.kind === 'unreadable') throw new CoreError('INVALID_CONFIG', ours.message);
  let result;
  try {
    result = importChatcliRules(theirs.text, from, ours.kind === 'text' ? ours.text : '');
  } catch (err) {
    throw new CoreError('INVALID_CONFIG', err instanceof Error ? err.message : String(err));
  }
  if (result.imported.length > 0) await ctx.channels.save(result.text);
  return { from, into, imported: result.imported, skipped: result.skipped, notes: result.notes };
}

/** Run `task`, mapping a thrown CoreError to its failure. */
async function attempt<T>(task: () => T | Promise<T>): Promise<Result<T>> {
  try {
    return ok(await task());
  } catch (err) {
    return toFailure(err);
  }
}

export function channelHandlers(ctx: CoreContext): HandlerGroup<ChannelMethod> {
  const channels = ctx.channels;
  /**
   * A pause names a server that is configured or has stored notifications (a typo paused nothing and
   * said so: `channels pause ghost` was accepted). Before the first discovery any name is taken.
   * Resume takes any name, so an old pause can always be lifted.
   */
  const knownServer = (server: string): void => {
    const servers = ctx.discovery()?.servers;
    if (!servers || servers.some((s) => s.name === server) || channels.store.recent(1, (e) => e.server === server).length > 0) return;
    const names = servers.map((s) => s.name);
    throw new CoreError('NOT_FOUND', `No server named "${server}"${names.length > 0 ? ` (servers: ${names.join(', ')})` : ''}`);
  };
  return {
    'channels:list': (q) => attempt(() => channels.list(q)),
    'channels:summary': () => attempt(() => channels.summary()),
    'channels:ack': ({ seq, server, channel, text }) => attempt(() => channels.ack(seq !== undefined ? { seq } : { all: true, server, channel, text })),
    'channels:seen': ({ through }) => attempt(() => channels.seen(through)),
    'channels:pause': ({ server, channel }) =>
      attempt(() => {
        knownServer(server);
        return channels.pause(server, channel);
      }),
    'channels:resume': ({ server, channel }) => attempt(() => channels.resume(server, channel)),
    'channels:context': (q) => attempt(() => channels.context(q)),
    'triggers:list': () => attempt(async () => {
      await channels.ready;
      return channels.triggers();
    }),
    'triggers:confirm': ({ id, accept }) => attempt(() => channels.confirm(id, accept)),
    'triggers:run': ({ seq }) => attempt(async () => {
      await channels.ready;
      return channels.run(seq);
    }),
    'triggers:save': ({ text }) => attempt(() => channels.save(text)),
    'triggers:preview': ({ text, limit }) => attempt(() => channels.preview(text, limit)),
    'triggers:importChatcli': ({ file }) => attempt(() => importChatcli(ctx, file)),
  };
}
