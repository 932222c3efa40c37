/**
 * The gateway's MCP server, shared by both doors (issue 30 item 1, docs/gateway.md § Doors): the
 * SDK's `Server` (`@modelcontextprotocol/server` 2.4.0, no hand-written protocol) advertising
 * `tools` only, whose `tools/list` answers `gateway:list` and `tools/call` answers `gateway:call`
 * for one door (host, project, optional server). The stdio door (host/cli/commands/gateway.ts) adds
 * list-change notices and roots; the HTTP door (gateway-http.ts) builds one per request.
 * A name the host's list does not hold (`NOT_FOUND`) is the protocol error -32602 (MCP: unknown
 * tool); a tool that is there but held back (off, pin, untrusted, not ready) is an `isError` result
 * whose text says why; a failed `gateway:list` is -32603 with the owner's words.
 */
import { ProtocolError, ProtocolErrorCode, Server, TRACEPARENT_META_KEY, type CallToolResult, type ServerCapabilities, type Tool } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { GatewayList } from '../../src-shared/api/gateway.js';
import type { HostId } from '../../src-shared/config/server.js';
import { gatewayPage } from './gateway-pages.js';
import type { GatewayRelayDoor } from './gateway-relay.js';

/** Which view a door serves: `gateway:list`'s input. */
export interface GatewayDoor {
  host: HostId;
  project?: string;
  server?: string;
}

/** Options of `gatewayMcpServer`. */
export interface GatewayMcpServerOptions {
  /** `serverInfo.version`. */
  version: string;
  /** The owner's contract call (over the WebSocket, or `dispatch` in the owner's process). */
  call: SwitchboardApi['call'];
  /** The door's view, read at each request (the stdio door's project can change with the host's roots). */
  door(): GatewayDoor;
  /** Awaited before each request (the stdio door's headless owner settling); default none. */
  ready?: Promise<void>;
  /** Told every list the door serves or reads again (the stdio door compares them for list changes). */
  onList?(list: GatewayList): void;
  /** Capabilities beside `tools` (the doors' resources and prompts, gateway-kinds-door.ts). Default none. */
  capabilities?: ServerCapabilities;
  /** Made with the server: relays server requests, progress and cancellation of each call to the host (gateway-relay.ts). Default none. */
  relay?: (server: Server) => GatewayRelayDoor;
  /** Tools per page of `tools/list` (gateway-pages.ts); default `GATEWAY_PAGE_SIZE`. */
  pageSize?: number;
}

/** The server, and the re-read of the list (which also refreshes the output schemas calls are projected with). */
export interface GatewayMcpServer {
  server: Server;
  /** `gateway:list` for the door now; throws `ProtocolError` (-32603) with the owner's words. */
  list(): Promise<GatewayList>;
}

/** A listed tool (or one of progressive discovery's three) as MCP's `tools/list` carries it. */
function mcpTool(t: Pick<GatewayList['tools'][number], 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>): Tool {
  return {
    name: t.name,
    ...(t.title !== undefined ? { title: t.title } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    inputSchema: t.inputSchema as Tool['inputSchema'],
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema as Tool['outputSchema'] } : {}),
    ...(t.annotations !== undefined ? { annotations: t.annotations as Tool['annotations'] } : {}),
  };
}

/** Build the door's MCP server (not connected: the door connects its transport). */
export function gatewayMcpServer(options: GatewayMcpServerOptions): GatewayMcpServer {
  const server = new Server({ name: 'switchboard-gateway', version: options.version }, { capabilities: { ...options.capabilities, tools: { listChanged: true } } });
  let advertised = new Map<string, Record<string, unknown> | undefined>();
  const list = async (): Promise<GatewayList> => {
    await options.ready;
    const r = await options.call('gateway:list', options.door());
    if (!r.ok) throw new ProtocolError(ProtocolErrorCode.InternalError, r.error.message);
    advertised = new Map(r.data.tools.map((t) => [t.name, t.outputSchema]));
    options.onList?.(r.data);
    return r.data;
  };

  server.setRequestHandler('tools/list', async (request) => {
    // Progressive discovery on (issue 31 item 4): the three tools instead of the full list (the core answers their calls).
    const l = await list();
    const page = gatewayPage<Parameters<typeof mcpTool>[0]>(l.progressive ?? l.tools, request.params?.cursor, options.pageSize);
    return { tools: page.items.map(mcpTool), ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}) };
  });
  const relay = options.relay?.(server);
  server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
    await options.ready;
    const { name, arguments: args } = request.params;
    const relayed = relay?.begin(ctx);
    // Issue 35 item 4: the host's W3C traceparent goes on with the call; the core continues its trace.
    const traceparent = request.params._meta?.[TRACEPARENT_META_KEY];
    const traced = typeof traceparent === 'string' && traceparent.length <= 512 ? { traceparent } : {};
    const r = await options.call('gateway:call', { ...options.door(), name, args: (args ?? {}) as Record<string, unknown>, ...relayed?.input, ...traced }).finally(() => relayed?.end());
    if (!r.ok) {
      if (r.error.code === 'NOT_FOUND') throw new ProtocolError(ProtocolErrorCode.InvalidParams, r.error.message);
      return { content: [{ type: 'text', text: r.error.message }], isError: true };
    }
    const result: CallToolResult = {
      content: r.data.content as CallToolResult['content'],
      ...(r.data.structuredContent !== undefined ? { structuredContent: r.data.structuredContent as CallToolResult['structuredContent'] } : {}),
      isError: r.data.isError,
    };
    if (r.data.failure && result.content.length === 0) result.content = [{ type: 'text', text: r.data.text }];
    return server.projectCallToolResult(result, advertised.get(name));
  });
  return { server, list };
}
