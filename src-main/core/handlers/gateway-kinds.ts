/**
 * `gateway:resources`, `gateway:read`, `gateway:prompts`, `gateway:getPrompt` (issue 30 item 2,
 * docs/gateway.md § Resources and prompts): the host's listed servers' resources, templates and
 * prompts, each read or got through the inspector's own handlers (`resources:read`, `prompts:get`:
 * the same functions, not copies) after the per-host gate `gateway:call` uses. Every request a
 * handler sends runs `withVia({ host })`, so the trace tags it with the host.
 */
import { fail, ok, type Result } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayPrompts, GatewayResources } from '../../../src-shared/api/gateway-kinds.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { toFailure } from '../facade/errors.js';
import { promptTarget, promptView, resourceTarget, resourceView, type ServerPrompts, type ServerResources } from '../gateway/gateway-kinds.js';
import type { GatewayGate } from '../gateway/gateway-view.js';
import { withVia } from '../mcp/logs/call-via.js';
import type { HandlerGroup } from './context.js';

/** The inspector's handlers the gateway reads through. */
export type InspectorReads = HandlerGroup<'resources:list' | 'resources:templates' | 'resources:read' | 'prompts:list' | 'prompts:get'>;

/** The host's list and gate for a door (handlers/gateway.ts `build`). */
type Build = (host: HostId, project: string | undefined, server: string | undefined) => Promise<{ list: GatewayList; gate: GatewayGate }>;

type Failure = { server: string; message: string };

/** The listed servers of `list`, in its order (server key). */
const listedServers = (list: GatewayList): string[] => list.servers.filter((s) => s.state === 'listed').map((s) => s.server);

/** The process serving `server` for the host: its separate instance (issue 30 item 6), else the server itself. */
const processOf = (gate: GatewayGate, server: string): string => gate.instances?.get(server) ?? server;

/** The handlers over `build` (the one per-host list and gate) and the inspector's handlers. */
export function gatewayKindHandlers(build: Build, inspector: InspectorReads): HandlerGroup<'gateway:resources' | 'gateway:read' | 'gateway:prompts' | 'gateway:getPrompt'> {
  /** Each listed server's resources and templates; a server whose list fails is reported, the others served. */
  const resourcesOf = async (list: GatewayList, gate: GatewayGate): Promise<{ lists: ServerResources[]; failures: Failure[] }> => {
    const failures: Failure[] = [];
    const lists: ServerResources[] = [];
    for (const server of listedServers(list)) {
      const [r, t] = await withVia({ host: list.host }, () => Promise.all([inspector['resources:list']({ server: processOf(gate, server) }), inspector['resources:templates']({ server: processOf(gate, server) })]));
      if (!r.ok || !t.ok) {
        failures.push({ server, message: !r.ok ? r.error.message : !t.ok ? t.error.message : '' });
        continue;
      }
      lists.push({ server, resources: r.data.resources, templates: t.data.templates });
    }
    return { lists, failures };
  };
  const promptsOf = async (list: GatewayList, gate: GatewayGate): Promise<{ lists: ServerPrompts[]; failures: Failure[] }> => {
    const failures: Failure[] = [];
    const lists: ServerPrompts[] = [];
    for (const server of listedServers(list)) {
      const r = await withVia({ host: list.host }, () => inspector['prompts:list']({ server: processOf(gate, server) }));
      if (r.ok) lists.push({ server, prompts: r.data.prompts });
      else failures.push({ server, message: r.error.message });
    }
    return { lists, failures };
  };
  const head = (list: GatewayList) => ({ host: list.host, project: list.project, ...(list.server !== undefined ? { server: list.server } : {}) });

  return {
    'gateway:resources': async ({ host, project, server }): Promise<Result<GatewayResources>> => {
      try {
        const { list, gate } = await build(host, project, server);
        const { lists, failures } = await resourcesOf(list, gate);
        const view = resourceView(lists);
        return ok({ ...head(list), resources: view.resources, templates: view.templates, collisions: view.collisions, failures });
      } catch (err) {
        return toFailure(err);
      }
    },
    'gateway:read': async ({ host, project, server, uri }) => {
      try {
        const { list, gate } = await build(host, project, server);
        const { lists } = await resourcesOf(list, gate);
        const target = resourceTarget(resourceView(lists), gate, list, uri);
        if ('code' in target) return fail(target.code, target.message);
        return await withVia({ host }, () => inspector['resources:read']({ ...target, server: processOf(gate, target.server) }));
      } catch (err) {
        return toFailure(err);
      }
    },
    'gateway:prompts': async ({ host, project, server }): Promise<Result<GatewayPrompts>> => {
      try {
        const { list, gate } = await build(host, project, server);
        const { lists, failures } = await promptsOf(list, gate);
        const view = promptView(host, lists, gate, server !== undefined);
        return ok({ ...head(list), prompts: view.prompts, collisions: view.collisions, failures });
      } catch (err) {
        return toFailure(err);
      }
    },
    'gateway:getPrompt': async ({ host, project, server, name, args }) => {
      try {
        const { list, gate } = await build(host, project, server);
        const { lists } = await promptsOf(list, gate);
        const target = promptTarget(promptView(host, lists, gate, server !== undefined).gate, host, name, server !== undefined);
        if ('code' in target) return fail(target.code, target.message);
        return await withVia({ host }, () => inspector['prompts:get']({ server: processOf(gate, target.server), name: target.prompt, args }));
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
