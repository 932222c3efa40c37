/** Handlers of `channels:*` and `triggers:*` (docs/channels.md, issue 13): thin over the core's `ChannelService`. */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../errors.js';
import type { CoreContext, HandlerGroup } from './context.js';

type ChannelMethod =
  | 'channels:list'
  | 'channels:summary'
  | 'channels:ack'
  | 'channels:pause'
  | 'channels:resume'
  | 'channels:context'
  | 'triggers:list'
  | 'triggers:confirm'
  | 'triggers:run'
  | 'triggers:save'
  | 'triggers:preview';

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
  return {
    'channels:list': (q) => attempt(() => channels.list(q)),
    'channels:summary': () => attempt(() => channels.summary()),
    'channels:ack': ({ seq, server, channel, text }) => attempt(() => channels.ack(seq !== undefined ? { seq } : { all: true, server, channel, text })),
    'channels:pause': ({ server, channel }) => attempt(() => channels.pause(server, channel)),
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
  };
}
