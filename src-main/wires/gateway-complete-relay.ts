/**
 * A gateway door's completions (issue 30 item 2, docs/gateway.md § Completions): `completion/complete`
 * relayed to `gateway:complete`. `completions` is advertised only when some listed server of the
 * host declares it when the door starts (`gateway:offers`, read once by the door: the SDK takes
 * capabilities before the opening exchange), and only then is the handler installed. Refusals (MCP 2025-11-25 *Completion ›
 * Error handling*): a prompt name or template outside the host's list is -32602, any other refusal
 * -32603 with its words.
 */
import { ProtocolError, ProtocolErrorCode, type Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { GatewayOffers } from '../../src-shared/api/gateway-complete.js';
import type { GatewayDoor } from './gateway-mcp-server.js';

/** The completions part of a door: what to advertise, and the handler to install with it. */
export interface CompletionRelay {
  capabilities: ServerCapabilities;
  install(server: Server): void;
}

/** The relay for a door whose host's `gateway:offers` answer is `offers` (undefined when it failed: nothing advertised). */
export function completionRelay(call: SwitchboardApi['call'], door: () => GatewayDoor, offers: GatewayOffers | undefined): CompletionRelay {
  const offered = (offers?.completions.length ?? 0) > 0;
  return {
    capabilities: offered ? { completions: {} } : {},
    install(server) {
      if (!offered) return;
      server.setRequestHandler('completion/complete', async (request) => {
        const { ref, argument, context } = request.params;
        const r = await call('gateway:complete', { ...door(), ref, argument, ...(context?.arguments !== undefined ? { context: context.arguments } : {}) });
        if (!r.ok) throw new ProtocolError(r.error.code === 'NOT_FOUND' ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError, r.error.message);
        return { completion: { values: r.data.values, ...(r.data.total !== undefined ? { total: r.data.total } : {}), ...(r.data.hasMore !== undefined ? { hasMore: r.data.hasMore } : {}) } };
      });
    },
  };
}
