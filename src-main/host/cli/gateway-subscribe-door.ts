/**
 * The stdio door's resource subscriptions (issue 30 item 2, docs/gateway.md § Resource subscriptions):
 * `resources/subscribe` / `resources/unsubscribe` relayed to `gateway:subscribe`, and each
 * `resources:updated` the owner announces for a server URI this door subscribed to sent to the host
 * as `notifications/resources/updated` with the URI the door exposes. `resources.subscribe` is
 * advertised only on a 2025-era connection whose door has resources and a listed server that offers
 * subscriptions (2026-07-28 subscribes on the `subscriptions/listen` stream, which the SDK's stdio
 * entry answers itself: not relayed). The door drops its subscriptions when it closes and makes them
 * again on a new owner after the old one went away.
 */
import { ProtocolError, ProtocolErrorCode, type Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import type { GatewayOffers } from '../../../src-shared/api/gateway-complete.js';
import type { GatewayDoor } from '../../wires/gateway-mcp-server.js';
import type { GatewayOwner } from './gateway-owner.js';

/** The subscriptions part of a door. */
export interface SubscribeDoor {
  /** `resources` with `subscribe: true` added for a 2025-era connection (`resources`: the door's own resources capability, if any). */
  capabilities(era: 'legacy' | 'modern', resources: ServerCapabilities['resources']): ServerCapabilities;
  /** Install the handlers on a connection's server (when advertised) and send it the updates. */
  install(server: Server, era: 'legacy' | 'modern', resources: ServerCapabilities['resources']): void;
  /** Drop the door's subscriptions and stop listening. */
  close(): Promise<void>;
}

/** `offers`: `gateway:offers`' answer (undefined when it failed: nothing advertised). */
export function subscribeDoor(owner: GatewayOwner, door: () => GatewayDoor, offers: GatewayOffers | undefined, say: (line: string) => void): SubscribeDoor {
  const offered = (offers?.subscribe.length ?? 0) > 0;
  const on = (era: 'legacy' | 'modern', resources: ServerCapabilities['resources']): boolean => offered && era === 'legacy' && resources !== undefined;
  /** Exposed URI → the server and its URI, for each subscription this door holds. */
  const held = new Map<string, { server: string; uri: string }>();
  let current: Server | undefined;
  const offs = [
    owner.on('resources:updated', (u) => {
      for (const [exposed, t] of held) if (t.server === u.server && t.uri === u.uri) void current?.sendResourceUpdated({ uri: exposed }).catch(() => undefined);
    }),
    // A new owner holds none of the old one's subscriptions: make them again.
    owner.onReconnect(() => {
      for (const exposed of held.keys()) void owner.call('gateway:subscribe', { ...door(), uri: exposed, on: true }).then((r) => !r.ok && say(`resources/subscribe ${exposed} again failed: ${r.error.message}`));
    }),
  ];
  const relay = async (uri: string, subscribe: boolean): Promise<Record<string, never>> => {
    if (!subscribe && !held.has(uri)) return {};
    if (subscribe && held.has(uri)) return {};
    const r = await owner.call('gateway:subscribe', { ...door(), uri, on: subscribe });
    if (!r.ok) throw new ProtocolError(r.error.code === 'NOT_FOUND' ? ProtocolErrorCode.ResourceNotFound : ProtocolErrorCode.InternalError, r.error.message);
    if (subscribe) held.set(uri, { server: r.data.server, uri: r.data.uri });
    else held.delete(uri);
    return {};
  };
  return {
    capabilities: (era, resources) => (on(era, resources) ? { resources: { ...resources, subscribe: true } } : {}),
    install(server, era, resources) {
      if (!on(era, resources)) return;
      current = server;
      server.setRequestHandler('resources/subscribe', async (request) => relay(request.params.uri, true));
      server.setRequestHandler('resources/unsubscribe', async (request) => relay(request.params.uri, false));
    },
    async close() {
      for (const off of offs) off();
      for (const exposed of [...held.keys()]) await relay(exposed, false).catch(() => undefined);
    },
  };
}
