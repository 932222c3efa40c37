/**
 * A gateway door's completions (issue 30 item 2, docs/gateway.md § Completions): `completion/complete`
 * relayed to `gateway:complete`. `completions` is advertised only when some listed server of the
 * host declares it when the door starts (`gateway:offers`; the SDK takes capabilities before the
 * opening exchange), and only then is the handler installed. Refusals (MCP 2025-11-25 *Completion ›
 * Error handling*): a prompt name or template outside the host's list is -32602, any other refusal
 * -32603 with its words.
 */
import { ProtocolError, ProtocolErrorCode, type Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { GatewayDoor } from './gateway-mcp-server.js';

/** The completions part of a door: what to advertise, and the handler to install with it. */
export interface CompletionRelay {
  capabilities: ServerCapabilities;
  install(server: Server): void;
}

/** Ask the owner once whether the door's host has servers that complete; `say` reports a failure (then nothing is advertised). */
export async function completionRelay(call: SwitchboardApi['call'], door: () => GatewayDoor, say: (line: string) => void): Promise<CompletionRelay> {
  let offered = false;
  try {
    const r = await call('gateway:offers', door());
    if (r.ok) offered = r.data.completions.length > 0;
    else say(`gateway:offers failed: ${r.error.message}`);
  } catch (err) {
    say(`gateway:offers failed: ${err instanceof Error ? err.message : String(err)}`);
  }
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
