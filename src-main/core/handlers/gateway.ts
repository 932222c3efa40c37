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
import { settledOrAfter } from '../../../src-shared/settled-or-after.js';
import type { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { discoverServers } from '../config/discovery.js';
import { loadHostView } from '../config/host-view.js';
import { connectedSummary } from '../connect/connect-host.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { GatewayBuildCache, pinsText } from '../gateway/gateway-build-cache.js';
import { buildGatewayList, gatewayLookup, type GatewayGate } from '../gateway/gateway-view.js';
import { gatewayProblems } from '../gateway/gateway-problems.js';
import { refusalRecord } from '../gateway/refusal-record.js';
import { zedSwitchesOf } from './budget.js';
import { gatewayKindHandlers, type InspectorReads } from './gateway-kinds.js';
import { gatewaySharing } from './gateway-sharing.js';
import { gatewayCompleteHandlers } from './gateway-complete.js';
import { gatewaySubscribeHandlers } from './gateway-subscribe.js';
import { gatewayProgressiveHandlers, progressiveCall } from './gateway-progressive.js';
import { PROGRESSIVE_TOOLS } from '../gateway/progressive.js';
import { ProgressiveSetting } from '../gateway/progressive-setting.js';
import { gatewayGuardHandlers, guardCall } from './gateway-guard.js';
import { GatewayGuards } from '../gateway/guard-settings.js';
import type { CoreContext, HandlerGroup } from './context.js';
import type { ToolCallRunner } from './tools.js';

/**
 * `gateway:list` reads `host`'s own view for the project (the owner's by default; another folder is
 * discovered for the occasion) and applies the filters of core/gateway/gateway-view.ts;
 * `gateway:call` takes that list as it is now (so a toggle or a pin acts on the next call: the last
 * list is reused only while nothing it was built from changed, gateway-build-cache.ts) and refuses any
 * name outside it with `gatewayLookup`'s words. Resources and prompts: handlers/gateway-kinds.ts,
 * over the same `build` and the inspector's own `resources:*`/`prompts:*` handlers (`inspector`).
 */
export function gatewayHandlers(
  ctx: CoreContext,
  runCall: ToolCallRunner,
  toggles: SwitchboardToolToggles,
  heldByPin: (server: string) => ReadonlySet<string>,
  inspector: InspectorReads & HandlerGroup<'completion:complete' | 'resources:subscribe'>,
): HandlerGroup<'gateway:list' | 'gateway:call' | 'gateway:resources' | 'gateway:read' | 'gateway:prompts' | 'gateway:getPrompt' | 'gateway:offers' | 'gateway:complete' | 'gateway:subscribe' | 'gateway:setProgressive' | 'gateway:guard' | 'gateway:setGuard'> {
  // Issue 31 item 3: each host's guard rails (read-only mode filters the list; confirmations gate calls).
  const guards = new GatewayGuards(ctx.discoveryContext().dataDir);
  // The last list of each door, reused while nothing it was built from changed (gateway-build-cache.ts).
  const cache = new GatewayBuildCache<{ list: GatewayList; gate: GatewayGate }>();
  // Issue 31 item 4: hosts whose aggregated door offers search_tools/describe_tool/call_tool (gateway-progressive.ts).
  const progressive = new ProgressiveSetting(ctx.discoveryContext().dataDir);
  ctx.manager.on('status', (rt) => cache.status(rt.name, rt.status, rt.lastError));
  ctx.manager.on('tools', () => cache.clear());
  /** `entryPerServer`: name `shown` under each server's own entry (`gateway:list` of a host connected --each; calls never need it). */
  const build = async (host: HostId, project: string | undefined, server: string | undefined, settleMs?: number, entryPerServer = false): Promise<{ list: GatewayList; gate: GatewayGate }> => {
    await settle(settleMs);
    const stamp = cache.stamp();
    const discovery = await ctx.ensureDiscovered();
    const own = ctx.discoveryContext();
    const dir = resolve(project ?? own.projectDir);
    const elsewhere = dir !== resolve(own.projectDir);
    toggles.reload();
    guards.reload();
    const offersThree = server === undefined && progressive.on(host);
    const key = JSON.stringify([host, server, offersThree, entryPerServer]);
    const inputs = { discovery, trusted: own.projectTrusted, toggles: toggles.text() + guards.text(), pins: (names: readonly string[]) => pinsText(names, heldByPin) };
    const hit = elsewhere ? undefined : cache.get(key, inputs);
    if (hit) return hit;
    const dctx = elsewhere ? { ...own, projectDir: dir, projectTrusted: ctx.trustStore.isTrusted(dir) } : own;
    const result = elsewhere ? await discoverServers(dctx) : discovery;
    const view = await loadHostView(result, host, dctx);
    if (server !== undefined && !view.entries.some((e) => e.loaded && !e.overriddenBy && e.definition.name === server)) {
      throw new CoreError('NOT_FOUND', `Server "${server}" is not in ${HOST_LABELS[host]}'s servers (for ${dir})`);
    }
    const sharing = await gatewaySharing(ctx, discovery, host, dir, view);
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
      zedSwitches: zedSwitchesOf,
      switchboardOff: (name, file) => toggles.held(name, file, host),
      // The manager holds these back for every face (resolveTool refuses them): never listed here either.
      bridgeOff: (name) => toggles.held(name, discovery.servers.find((s) => s.name === name)?.source.file),
      managed: discovery.servers.map((s) => s.name),
      readOnly: guards.of(host).readOnly,
      ...(entryPerServer ? { entryPerServer } : {}),
      ...sharing,
    });
    // What in the host's own files kept servers out (a trial finding: an empty list with no word why).
    const problems = gatewayProblems(view, result.warnings);
    const done = problems.length > 0 || offersThree ? { ...built, list: { ...built.list, ...(problems.length > 0 ? { problems } : {}), ...(offersThree ? { progressive: [...PROGRESSIVE_TOOLS] } : {}) } } : built;
    if (!elsewhere) cache.set(key, stamp, inputs, built.list.servers.map((s) => s.server), done);
    return done;
  };

  const kinds = gatewayKindHandlers(build, inspector);
  const capabilitiesOf = (name: string) => ctx.snapshot().servers.find((s) => s.server.name === name)?.capabilities;
  /** A door just started waits (bounded) for servers still connecting: never for one that hangs (item 5). */
  async function settle(ms: number | undefined): Promise<void> {
    if (ms !== undefined) await settledOrAfter(ctx.manager.settled(), ms);
  }
  return {
    'gateway:list': async ({ host, project, server, settleMs }) => {
      try {
        // Issue 31: connected with --each, the host shows each tool under its server's own entry (the view's `shown`).
        const entryPerServer = server === undefined && connectedSummary(ctx.discoveryContext().dataDir, host)?.mode === 'each';
        return ok((await build(host, project, server, settleMs, entryPerServer)).list);
      } catch (err) {
        return toFailure<GatewayList>(err);
      }
    },
    // Progressive discovery's three tools and hints wrap the one call path (gateway-progressive.ts).
    'gateway:call': progressiveCall(progressive, build, async ({ host, project, server, name, args, callId, relay, settleMs, traceparent }, refusalHint) => {
      try {
        const startedAt = Date.now();
        const { gate } = await build(host, project, server, settleMs);
        const target = gatewayLookup(gate, host, name, server !== undefined);
        if ('code' in target) {
          // Kept in the call history: a person sees what the agent tried and why it was refused.
          const refusal = target.code === 'NOT_FOUND' && refusalHint ? { code: target.code, message: `${target.message}${refusalHint()}` } : target;
          const kept = refusalRecord(gate, name, server !== undefined, refusal);
          ctx.emit('history:appended', ctx.inspector.history.record(args, startedAt, kept.result, false, undefined, { host }, kept.refused));
          return fail(refusal.code, refusal.message);
        }
        // A separate instance serves it; the history names the server the host called (§ Sharing).
        const instance = gate.instances?.get(target.server);
        // Guard rails (issue 31 item 3): a call that needs a confirmation waits for it here.
        const held = await guardCall(ctx, guards, { host, name, ...target, process: instance ?? target.server, args, ...(callId !== undefined ? { callId } : {}), ...(relay ? { relay } : {}) });
        if (held) return held;
        return await runCall({ server: target.server, tool: target.tool, args, ...(callId !== undefined ? { callId } : {}) }, instance !== undefined ? { host, instance } : { host }, relay, traceparent);
      } catch (err) {
        return toFailure(err);
      }
    }),
    ...gatewayProgressiveHandlers(ctx, progressive),
    // Resources and prompts pass the same build and gate (gateway-kinds.ts), after the same bounded wait.
    ...kinds,
    'gateway:resources': async (input) => (await settle(input.settleMs), kinds['gateway:resources'](input)),
    'gateway:read': async (input) => (await settle(input.settleMs), kinds['gateway:read'](input)),
    'gateway:prompts': async (input) => (await settle(input.settleMs), kinds['gateway:prompts'](input)),
    'gateway:getPrompt': async (input) => (await settle(input.settleMs), kinds['gateway:getPrompt'](input)),
    // Completions: the same gate, the inspector's completion:complete (gateway-complete.ts).
    ...gatewayCompleteHandlers(build, kinds, inspector, capabilitiesOf),
    // Resource subscriptions: the read's routing and gate, counted per server URI (gateway-subscribe.ts).
    ...gatewaySubscribeHandlers(build, kinds, inspector, capabilitiesOf, (name, uri) => ctx.inspector.subscriptions.get(name)?.has(uri) ?? false),
    ...gatewayGuardHandlers(ctx, guards),
  };
}

