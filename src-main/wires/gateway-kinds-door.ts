/**
 * Both doors' resources and prompts (issue 30 item 2, docs/gateway.md § Resources and prompts; the
 * stdio door and the HTTP door build them the same way, gateway-door-server.ts):
 * relays `resources/list`, `resources/templates/list`, `resources/read`, `prompts/list` and
 * `prompts/get` to `gateway:resources`, `gateway:read`, `gateway:prompts`, `gateway:getPrompt`.
 * A capability is advertised only when the host's list has some of it when the door starts (the
 * SDK takes capabilities before `initialize`), and only then are its handlers installed;
 * `notifications/resources/list_changed` / `notifications/prompts/list_changed` go out when a
 * re-read list differs. Refusals: an unknown resource is -32002 (MCP § Resources, Error handling),
 * an unknown prompt -32602 (MCP § Prompts, Error handling), any other refusal -32603 with its words.
 */
import { ProtocolError, ProtocolErrorCode, type Prompt, type Resource, type ResourceTemplateType, type Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { Result } from '../../src-shared/api/envelope.js';
import type { GatewayPrompts, GatewayResources } from '../../src-shared/api/gateway-kinds.js';

/** The door's host, project and server, as every `gateway:*` call takes them. */
type Door = { host: GatewayResources['host']; project?: string; server?: string };

/** Throw a refusal as the protocol error MCP gives it (`notFound`: the code for an unknown name). */
function refuse(r: Extract<Result<unknown>, { ok: false }>, notFound: ProtocolErrorCode): never {
  throw new ProtocolError(r.error.code === 'NOT_FOUND' ? notFound : ProtocolErrorCode.InternalError, r.error.message);
}

/** A resource as `resources/list` carries it (our `server`/`serverUri` kept out of the wire shape). */
function mcpResource({ server: _server, serverUri: _serverUri, ...r }: GatewayResources['resources'][number]): Resource {
  return r as Resource;
}
function mcpTemplate({ server: _server, arguments: _args, ...t }: GatewayResources['templates'][number]): ResourceTemplateType {
  return t as ResourceTemplateType;
}
function mcpPrompt({ server: _server, prompt: _prompt, ...p }: GatewayPrompts['prompts'][number]): Prompt {
  return p as Prompt;
}

/** Both lists of `door` now, for `kindsDoor`'s `first` (a failed one is told to `say`, and undefined). */
export async function readKinds(call: SwitchboardApi['call'], door: Door, say: (line: string) => void): Promise<KindsFirst> {
  const read = async <T>(method: 'gateway:resources' | 'gateway:prompts'): Promise<T | undefined> => {
    try {
      const r = await call(method, door);
      if (r.ok) return r.data as T;
      say(`switchboard gateway: ${method} failed: ${r.error.message}`);
    } catch (err) {
      say(`switchboard gateway: ${method} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return undefined;
  };
  const [resources, prompts] = await Promise.all([read<GatewayResources>('gateway:resources'), read<GatewayPrompts>('gateway:prompts')]);
  return { resources, prompts };
}

/** What the door's resources and prompts part gives the door. */
export interface KindsDoor {
  /** The capabilities to advertise (empty when the host's list has no resources and no prompts). */
  capabilities: ServerCapabilities;
  /** Install the request handlers of the advertised capabilities (before `connect`). */
  install(server: Server): void;
  /** Read the lists again; tell the host of each advertised list that differs. */
  relist(server: Server): Promise<void>;
}

/** The two lists a door starts from (undefined: the owner could not give it). */
export interface KindsFirst {
  resources: GatewayResources | undefined;
  prompts: GatewayPrompts | undefined;
}

/**
 * Read the host's resources and prompts once (or take `first`, read by the caller), to know what to
 * advertise; `say` tells the door's log (stderr for the stdio door) a list that failed.
 */
/**
 * `pending`: a server of the host is not ready yet (the door answers `initialize` without waiting
 * for it, issue 30 item 5) — both are advertised then, since it may bring some when it connects.
 */
export async function kindsDoor(call: SwitchboardApi['call'], door: () => Door, say: (line: string) => void, first?: KindsFirst, pending = false): Promise<KindsDoor> {
  const resourceKey = (l: GatewayResources | undefined): string => JSON.stringify([l?.resources ?? [], l?.templates ?? []]);
  const promptKey = (l: GatewayPrompts | undefined): string => JSON.stringify(l?.prompts ?? []);

  const { resources: firstResources, prompts: firstPrompts } = first ?? (await readKinds(call, door(), say));
  const hasResources = pending || (firstResources?.resources.length ?? 0) + (firstResources?.templates.length ?? 0) > 0;
  const hasPrompts = pending || (firstPrompts?.prompts.length ?? 0) > 0;
  let servedResources = resourceKey(firstResources);
  let servedPrompts = promptKey(firstPrompts);
  const capabilities: ServerCapabilities = {
    ...(hasResources ? { resources: { listChanged: true } } : {}),
    ...(hasPrompts ? { prompts: { listChanged: true } } : {}),
  };

  return {
    capabilities,
    install(server) {
      if (hasResources) {
        const listed = async (): Promise<GatewayResources> => {
          const r = await call('gateway:resources', door());
          if (!r.ok) refuse(r, ProtocolErrorCode.InternalError);
          servedResources = resourceKey(r.data);
          return r.data;
        };
        server.setRequestHandler('resources/list', async () => ({ resources: (await listed()).resources.map(mcpResource) }));
        server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: (await listed()).templates.map(mcpTemplate) }));
        server.setRequestHandler('resources/read', async (request) => {
          const r = await call('gateway:read', { ...door(), uri: request.params.uri });
          if (!r.ok) refuse(r, ProtocolErrorCode.ResourceNotFound);
          return { contents: r.data.contents as never };
        });
      }
      if (hasPrompts) {
        server.setRequestHandler('prompts/list', async () => {
          const r = await call('gateway:prompts', door());
          if (!r.ok) refuse(r, ProtocolErrorCode.InternalError);
          servedPrompts = promptKey(r.data);
          return { prompts: r.data.prompts.map(mcpPrompt) };
        });
        server.setRequestHandler('prompts/get', async (request) => {
          const r = await call('gateway:getPrompt', { ...door(), name: request.params.name, args: request.params.arguments ?? {} });
          if (!r.ok) refuse(r, ProtocolErrorCode.InvalidParams);
          return { ...(r.data.description !== undefined ? { description: r.data.description } : {}), messages: r.data.messages as never };
        });
      }
    },
    async relist(server) {
      if (!hasResources && !hasPrompts) return;
      const now = await readKinds(call, door(), say);
      if (hasResources && resourceKey(now.resources) !== servedResources) {
        servedResources = resourceKey(now.resources);
        await server.sendResourceListChanged();
      }
      if (hasPrompts && promptKey(now.prompts) !== servedPrompts) {
        servedPrompts = promptKey(now.prompts);
        await server.sendPromptListChanged();
      }
    },
  };
}
