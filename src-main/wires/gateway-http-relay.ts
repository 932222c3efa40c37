/**
 * What the HTTP door's 2025-era sessions add to their door server (issue 30 items 2 and 5,
 * docs/gateway.md § Relaying and § Streamable HTTP): the same relay the stdio door uses
 * (gateway-relay.ts — server requests of a session's `tools/call` put to that session's client,
 * progress under the client's token, its cancel to the backend) and completions
 * (gateway-complete-relay.ts; also for 2026-07-28 requests), fed by the core in this process
 * rather than the owner's WebSocket.
 *
 * The door subscribes to the core's events with `face: false`: it answers no request a server sends
 * outside a gateway call, so the broker still declines those at once when no window is attached.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { EventName, SwitchboardApi } from '../../src-shared/api/contract.js';
import type { SwitchboardCore } from '../core/index.js';
import { completionRelay } from './gateway-complete-relay.js';
import type { GatewayDoorServerOptions } from './gateway-door-server.js';
import type { GatewayDoor } from './gateway-mcp-server.js';
import { gatewayRelay, type RelayEvents } from './gateway-relay.js';

/** The core's events in this process, one subscription per listener, none of them a face. */
export function coreRelayEvents(core: Pick<SwitchboardCore, 'subscribe'>): RelayEvents {
  return (event, listener) =>
    core.subscribe(
      (e: EventName, payload: unknown) => {
        if (e === event) listener(payload as never);
      },
      (e) => e === event,
      { face: false },
    );
}

/** The options a session's door server is built with beside the door's own (`gatewayDoorServer`). */
export type SessionExtras = Pick<GatewayDoorServerOptions, 'capabilities' | 'install' | 'relay'>;

/**
 * Completions for `door`, when a listed server of the host offers them (`gateway:offers`, read now;
 * a failed read advertises none): for a session when it opens, for a 2026-07-28 request once per
 * door until an owner event (gateway-http.ts).
 */
export async function doorCompletions(call: SwitchboardApi['call'], door: GatewayDoor): Promise<Pick<GatewayDoorServerOptions, 'capabilities' | 'install'>> {
  const offers = await call('gateway:offers', door).then(
    (r) => (r.ok ? r.data : undefined),
    () => undefined,
  );
  const completions = completionRelay(call, () => door, offers);
  return { capabilities: completions.capabilities, install: (server: Server) => completions.install(server) };
}

/**
 * A session's extras for `door`: completions (`doorCompletions`) and the relay, which stops
 * following the core's events when its server closes (the session ended).
 */
export async function sessionExtras(call: SwitchboardApi['call'], on: RelayEvents, door: GatewayDoor): Promise<SessionExtras> {
  return {
    ...(await doorCompletions(call, door)),
    relay: (server: Server) => {
      const relay = gatewayRelay(server, call, on);
      const closed = server.onclose;
      server.onclose = () => {
        closed?.();
        relay.close();
      };
      return relay;
    },
  };
}
