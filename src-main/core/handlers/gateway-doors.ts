/**
 * Handler of `gateway:doors` (issue 30 items 1 and 3, docs/gateway.md § A host's entry): how a host
 * reaches its doors — the stdio command line in both forms and the HTTP door's URL on the live
 * owner's port (its `endpoint.json`). The rule is core/gateway/gateway-doors.ts; the window shows it.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import { gatewayDoors, livePort } from '../gateway/gateway-doors.js';
import { connectedSummary, noHostReason } from '../connect/connect-host.js';
import type { CoreContext, HandlerGroup } from './context.js';

export function gatewayDoorsHandlers(ctx: CoreContext): HandlerGroup<'gateway:doors'> {
  return {
    'gateway:doors': async ({ host, server }) => {
      const connected = connectedSummary(ctx.options.dataDir, host);
      const notConnectable = noHostReason(host);
      return ok({ ...gatewayDoors(host, server, ctx.options.cliLaunch, livePort(ctx.options.dataDir)), ...(connected ? { connected } : {}), ...(notConnectable !== undefined ? { notConnectable } : {}) });
    },
  };
}
