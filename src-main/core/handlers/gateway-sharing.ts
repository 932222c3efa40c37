/**
 * Which process serves a host's entry (issue 30 item 6, docs/gateway.md § Sharing). The instance
 * key (core/gateway/gateway-instance.ts) of the host's entry — its definition, and the roots its
 * host's rule gives for the door's project (docs/roots.md) — is compared with the running server's
 * — the definition Switchboard runs, and the roots it is offered now (the person's choice, else its
 * own host's rule for the owner's project). Equal: the entry shares that process. Different: an
 * eligible entry gets its own instance (core/gateway/gateway-instances.ts; the first request that
 * asks for it waits, up to `INSTANCE_WAIT_MS`, for it to connect); any other is refused with why.
 */
import type { HostId } from '../../../src-shared/config/server.js';
import { isSwitchboardGatewayEntry } from '../config/gateway-entry.js';
import type { HostView } from '../config/host-view.js';
import type { DiscoveryResult } from '../config/types.js';
import { hostRoots, rootsProjectDir } from '../mcp/connection/host-roots.js';
import { instanceMismatch } from '../gateway/gateway-instance.js';
import { GatewayInstances } from '../gateway/gateway-instances.js';
import type { GatewayInputs } from '../gateway/gateway-view.js';
import type { CoreContext } from './context.js';

/** How long the request that starts an instance waits for it to connect (ms); later requests see its state. */
export const INSTANCE_WAIT_MS = 5_000;

/** `GatewayInputs.instance` and `.unshared` for `host`'s door on project `dir`. */
export async function gatewaySharing(ctx: CoreContext, running: DiscoveryResult, host: HostId, dir: string, view: HostView): Promise<Required<Pick<GatewayInputs, 'instance' | 'unshared'>>> {
  const instances = new Map<string, string>();
  const apart = new Map<string, string>();
  let added = false;
  for (const { definition: def } of view.entries.filter((e) => e.loaded && !e.overriddenBy && e.definition.enabled !== false && !isSwitchboardGatewayEntry(e.definition))) {
    const run = running.servers.find((s) => s.name === def.name);
    if (!run) continue;
    const roots = hostRoots(host, dir);
    const why = instanceMismatch({ def, roots }, { def: run, roots: ctx.inspector.roots.get(run.name) ?? hostRoots(run.source.host, rootsProjectDir(ctx.options)) });
    if (why === undefined) continue;
    if (!GatewayInstances.eligible(def)) {
      apart.set(def.name, `${why} (a separate instance is run only for a stdio server from a host's user or global file)`);
      continue;
    }
    const wanted = ctx.gatewayInstances.want({ def, roots });
    instances.set(def.name, wanted.name);
    added ||= wanted.added;
  }
  if (added) {
    await ctx.refresh();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ctx.manager.settled(), new Promise((resolve) => (timer = setTimeout(resolve, INSTANCE_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return { instance: (def) => instances.get(def.name), unshared: (def) => apart.get(def.name) };
}
