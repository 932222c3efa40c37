/**
 * `gateway:subscribe` (issue 30 item 2, docs/gateway.md § Resource subscriptions): a door's
 * `resources/subscribe` / `resources/unsubscribe`, routed as `gateway:read` routes a read
 * (`resourceTarget` over the host's exposed resources and templates, the per-host gate) and run
 * through the inspector's own `resources:subscribe` handler, traced `via` the host. The server's one
 * subscription is shared by every face, so the gateway counts its doors' subscriptions per server URI:
 * the first subscribes the server, the last unsubscribes it — unless the server was already
 * subscribed (by a person in the inspector) when the first came, which then stays.
 */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewaySubscription } from '../../../src-shared/api/gateway-complete.js';
import { offersSubscriptions } from '../../../src-shared/api/inspector.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import { resourceTarget } from '../gateway/gateway-kinds.js';
import type { GatewayGate } from '../gateway/gateway-view.js';
import { withVia } from '../mcp/logs/call-via.js';
import type { HandlerGroup } from './context.js';

/** The host's list and gate for a door (handlers/gateway.ts `build`). */
type Build = (host: HostId, project: string | undefined, server: string | undefined) => Promise<{ list: GatewayList; gate: GatewayGate }>;

/** The handler over `build`, the gateway's resource lists, the inspector's `resources:subscribe`, each server's declared capabilities and whether the inspector holds a subscription now. */
export function gatewaySubscribeHandlers(
  build: Build,
  kinds: HandlerGroup<'gateway:resources'>,
  inspector: HandlerGroup<'resources:subscribe'>,
  capabilitiesOf: (server: string) => Record<string, unknown> | undefined,
  subscribedNow: (server: string, uri: string) => boolean,
): HandlerGroup<'gateway:subscribe'> {
  /** Doors holding each server URI (`server\n uri`), and whether the gateway made the server's subscription. */
  const holders = new Map<string, { count: number; ours: boolean }>();
  return {
    'gateway:subscribe': async ({ host, project, server, uri, on }): Promise<Result<GatewaySubscription>> => {
      try {
        const door = { host, ...(project !== undefined ? { project } : {}), ...(server !== undefined ? { server } : {}) };
        const { list, gate } = await build(host, project, server);
        const listed = await kinds['gateway:resources'](door);
        if (!listed.ok) return listed;
        const routes = new Map(listed.data.resources.map((r) => [r.uri, { server: r.server, uri: r.serverUri ?? r.uri }]));
        const target = resourceTarget({ routes, templates: listed.data.templates }, gate, list, uri);
        if ('code' in target) return fail(target.code, target.message);
        const answer = (subscribed: boolean): Result<GatewaySubscription> => ok({ server: target.server, uri: target.uri, exposed: uri, subscribed });
        const key = `${target.server}\n${target.uri}`;
        const holder = holders.get(key);
        if (!on) {
          if (holder === undefined) return answer(false);
          holder.count--;
          if (holder.count > 0) return answer(false);
          holders.delete(key);
          if (!holder.ours) return answer(false);
          const r = await withVia({ host }, () => inspector['resources:subscribe']({ server: target.server, uri: target.uri, on: false }));
          return r.ok ? answer(false) : r;
        }
        if (!offersSubscriptions(capabilitiesOf(target.server))) return fail('BAD_REQUEST', `Resource "${uri}": server "${target.server}" does not offer resource subscriptions`);
        if (holder !== undefined) {
          holder.count++;
          return answer(true);
        }
        const ours = !subscribedNow(target.server, target.uri);
        const r = await withVia({ host }, () => inspector['resources:subscribe']({ server: target.server, uri: target.uri, on: true }));
        if (!r.ok) return r;
        holders.set(key, { count: 1, ours });
        return answer(true);
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
