/**
 * Handlers of `gateway:*` (issue 30, docs/gateway.md): one host's list through Switchboard's gateway
 * and the call through it. The rules live here and in core/gateway/; the doors (the stdio verb) only
 * relay. A call passes the per-host gate first, then the one `tools:call` path (resolveTool, the
 * call history tagged `via: { host }`, the trace).
 */
import { resolve } from 'node:path';
import { fail, ok } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import type { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { discoverServers } from '../config/discovery.js';
import { loadHostView } from '../config/host-view.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { buildGatewayList, gatewayLookup, type GatewayGate } from '../gateway/gateway-view.js';
import { gatewayProblems } from '../gateway/gateway-problems.js';
import { gatewayKindHandlers, type InspectorReads } from './gateway-kinds.js';
import { gatewaySharing } from './gateway-sharing.js';
import type { CoreContext, HandlerGroup } from './context.js';
import type { ToolCallRunner } from './tools.js';

/**
 * `gateway:list` reads `host`'s own view for the project (the owner's by default; another folder is
 * discovered for the occasion) and applies the filters of core/gateway/gateway-view.ts;
 * `gateway:call` rebuilds that list (so a toggle or a pin acts on the next call) and refuses any
 * name outside it with `gatewayLookup`'s words. Resources and prompts: handlers/gateway-kinds.ts,
 * over the same `build` and the inspector's own `resources:*`/`prompts:*` handlers (`inspector`).
 */
export function gatewayHandlers(
  ctx: CoreContext,
  runCall: ToolCallRunner,
  toggles: SwitchboardToolToggles,
  heldByPin: (server: string) => ReadonlySet<string>,
  inspector: InspectorReads,
): HandlerGroup<'gateway:list' | 'gateway:call' | 'gateway:resources' | 'gateway:read' | 'gateway:prompts' | 'gateway:getPrompt'> {
  const build = async (host: HostId, project: string | undefined, server: string | undefined): Promise<{ list: GatewayList; gate: GatewayGate }> => {
    const discovery = await ctx.ensureDiscovered();
    const own = ctx.discoveryContext();
    const dir = resolve(project ?? own.projectDir);
    const elsewhere = dir !== resolve(own.projectDir);
    const dctx = elsewhere ? { ...own, projectDir: dir, projectTrusted: ctx.trustStore.isTrusted(dir) } : own;
    const result = elsewhere ? await discoverServers(dctx) : discovery;
    const view = await loadHostView(result, host, dctx);
    if (server !== undefined && !view.entries.some((e) => e.loaded && !e.overriddenBy && e.definition.name === server)) {
      throw new CoreError('NOT_FOUND', `Server "${server}" is not in ${HOST_LABELS[host]}'s servers (for ${dir})`);
    }
    const sharing = await gatewaySharing(ctx, discovery, host, dir, view);
    toggles.reload();
    const states = new Map(ctx.snapshot().servers.map((s) => [s.server.name, s]));
    const built = buildGatewayList({
      host,
      project: dir,
      ...(server !== undefined ? { server } : {}),
      ...(elsewhere ? { ownerProject: resolve(own.projectDir) } : {}),
      view,
      state: (name) => states.get(name) ?? ctx.manager.runtime(name),
      listed: (name) => ctx.manager.rawTools(name),
      heldByPin,
      switchboardOff: (name, file) => toggles.held(name, file, host),
      // The manager holds these back for every face (resolveTool refuses them): never listed here either.
      bridgeOff: (name) => toggles.held(name, discovery.servers.find((s) => s.name === name)?.source.file),
      managed: discovery.servers.map((s) => s.name),
      ...sharing,
    });
    // What in the host's own files kept servers out (a trial finding: an empty list with no word why).
    const problems = gatewayProblems(view, result.warnings);
    return problems.length > 0 ? { ...built, list: { ...built.list, problems } } : built;
  };

  return {
    'gateway:list': async ({ host, project, server }) => {
      try {
        return ok((await build(host, project, server)).list);
      } catch (err) {
        return toFailure<GatewayList>(err);
      }
    },
    'gateway:call': async ({ host, project, server, name, args, callId, relay }) => {
      try {
        const { gate } = await build(host, project, server);
        const target = gatewayLookup(gate, host, name, server !== undefined);
        if ('code' in target) return fail(target.code, target.message);
        // A separate instance serves it; the history names the server the host called (§ Sharing).
        const instance = gate.instances?.get(target.server);
        return await runCall({ server: target.server, tool: target.tool, args, ...(callId !== undefined ? { callId } : {}) }, instance !== undefined ? { host, instance } : { host }, relay);
      } catch (err) {
        return toFailure(err);
      }
    },
    // Resources and prompts pass the same build and gate (gateway-kinds.ts).
    ...gatewayKindHandlers(build, inspector),
  };
}
