/**
 * `gateway:offers` and `gateway:complete` (issue 30 item 2, docs/gateway.md § Completions): which of
 * a host's listed servers declare `completions`, and a completion relayed to the server the door's
 * name stands for (core/gateway/gateway-complete.ts `completionTarget`, over the lists of
 * `gateway:prompts` / `gateway:resources` and the per-host gate) through the inspector's own
 * `completion:complete` handler — the same function, not a copy — with the request traced
 * `via: { host }`.
 */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayOffers } from '../../../src-shared/api/gateway-complete.js';
import { offersSubscriptions } from '../../../src-shared/api/inspector.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import { completionTarget } from '../gateway/gateway-complete.js';
import type { GatewayGate } from '../gateway/gateway-view.js';
import { withVia } from '../mcp/logs/call-via.js';
import type { HandlerGroup } from './context.js';

/** The host's list and gate for a door (handlers/gateway.ts `build`). */
type Build = (host: HostId, project: string | undefined, server: string | undefined) => Promise<{ list: GatewayList; gate: GatewayGate }>;

/**
 * The handlers over `build`, the gateway's resource and prompt lists (`kinds`), the inspector's
 * `completion:complete` and each running server's declared capabilities (`capabilitiesOf`, untrusted
 * data: only the presence of a key is read).
 */
export function gatewayCompleteHandlers(
  build: Build,
  kinds: HandlerGroup<'gateway:prompts' | 'gateway:resources'>,
  inspector: HandlerGroup<'completion:complete'>,
  capabilitiesOf: (server: string) => Record<string, unknown> | undefined,
): HandlerGroup<'gateway:offers' | 'gateway:complete'> {
  return {
    'gateway:offers': async ({ host, project, server }): Promise<Result<GatewayOffers>> => {
      try {
        const { list } = await build(host, project, server);
        const listed = list.servers.filter((s) => s.state === 'listed').map((s) => s.server);
        // A server still connecting may offer any of them once ready: named in every list, as resources
        // and prompts are advertised while one is pending (docs/gateway.md § Completions).
        const pending = list.servers.filter((s) => s.state === 'not-ready').map((s) => s.server);
        const offering = (has: (server: string) => boolean): string[] => [...listed.filter(has), ...pending];
        return ok({
          host: list.host,
          project: list.project,
          ...(list.server !== undefined ? { server: list.server } : {}),
          completions: offering((s) => capabilitiesOf(s)?.completions !== undefined),
          subscribe: offering((s) => offersSubscriptions(capabilitiesOf(s))),
          logging: offering((s) => capabilitiesOf(s)?.logging !== undefined),
        });
      } catch (err) {
        return toFailure(err);
      }
    },
    'gateway:complete': async ({ host, project, server, ref, argument, context }) => {
      try {
        const door = { host, ...(project !== undefined ? { project } : {}), ...(server !== undefined ? { server } : {}) };
        const { list, gate } = await build(host, project, server);
        const prompts = ref.type === 'ref/prompt' ? await kinds['gateway:prompts'](door) : undefined;
        const resources = ref.type === 'ref/resource' ? await kinds['gateway:resources'](door) : undefined;
        if (prompts && !prompts.ok) return prompts;
        if (resources && !resources.ok) return resources;
        const target = completionTarget(ref, list, gate, prompts?.data.prompts ?? [], resources?.data.templates ?? []);
        if ('code' in target) return fail(target.code, target.message);
        // Advertised while the server was still connecting (gateway:offers), it may turn out not to offer them.
        if (capabilitiesOf(target.server)?.completions === undefined) return fail('BAD_REQUEST', `Server "${target.server}" does not offer completions`);
        return await withVia({ host }, () => inspector['completion:complete']({ server: target.server, ref: target.ref, argument, ...(context !== undefined ? { context } : {}) }));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
