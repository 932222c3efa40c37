/**
 * Handlers of `gateway:connect` and `gateway:disconnect` (issue 31 item 1, docs/gateway.md §
 * Connecting a host). The rules are core/connect/; after a write the core rediscovers at once (the
 * moved definitions keep serving; the host's file now names the gateway).
 */
import { ok } from '../../../src-shared/api/envelope.js';
import { toFailure } from '../facade/errors.js';
import { connectDoor } from '../connect/connect-door.js';
import { connectHost, disconnectHost } from '../connect/connect-host.js';
import { gatewayToken } from '../gateway/gateway-tokens.js';
import { livePort } from '../gateway/gateway-doors.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function gatewayConnectHandlers(ctx: CoreContext): HandlerGroup<'gateway:connect' | 'gateway:disconnect'> {
  return {
    'gateway:connect': async ({ host, mode, dryRun, http, inProjectFile }) => {
      try {
        const port = ctx.listener?.current?.port ?? livePort(ctx.options.dataDir);
        const { door, notes } = await connectDoor(host, http ?? false, ctx.options.cliLaunch, port, () => gatewayToken(ctx.secrets, host));
        const out = await connectHost(ctx.discoveryContext(), { host, mode: mode ?? 'each', inProjectFile: inProjectFile ?? false, door }, dryRun ?? false, ctx.secrets);
        if (!dryRun) await ctx.refresh();
        return ok({ ...out, notes: [...out.notes, ...notes] });
      } catch (err) {
        return toFailure(err);
      }
    },
    'gateway:disconnect': async ({ host, dryRun }) => {
      try {
        const out = await disconnectHost(ctx.discoveryContext(), host, dryRun ?? false, ctx.secrets);
        if (!dryRun) await ctx.refresh();
        return ok(out);
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
