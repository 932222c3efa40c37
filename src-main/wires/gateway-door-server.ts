/**
 * One construction of a gateway door's MCP server for both doors (issue 30 items 1–2,
 * docs/gateway.md § Doors): the shared tools server (gateway-mcp-server.ts) plus the resources and
 * prompts part (gateway-kinds-door.ts), and the one relist logic — after an owner event that may
 * change the host's lists (`GATEWAY_LIST_EVENTS`), read them again `RELIST_DELAY_MS` later and send
 * `notifications/tools/list_changed` (and `resources/…`, `prompts/…`) only for a list that differs
 * from the one the door last served. The stdio door (host/cli/commands/gateway.ts) feeds it the
 * owner's WebSocket events; the HTTP door's sessions (gateway-http-sessions.ts) the core's own.
 */
import type { Server, ServerCapabilities } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { GatewayList } from '../../src-shared/api/gateway.js';
import { kindsDoor, type KindsDoor, type KindsFirst } from './gateway-kinds-door.js';
import { gatewayMcpServer, type GatewayDoor, type GatewayMcpServerOptions } from './gateway-mcp-server.js';

/** How long a door waits after an owner event before reading the lists again (events come in bursts). */
export const RELIST_DELAY_MS = 100;

/**
 * The owner's events after which a door reads its lists again: `servers:changed` (status, trust,
 * enable/disable, toggles), `tools:changed` (listings, toggles, pins), `config:reloaded` (a host's
 * file the running set did not change with).
 */
export const GATEWAY_LIST_EVENTS = ['servers:changed', 'tools:changed', 'config:reloaded'] as const;

/** Options of `gatewayDoorServer`. */
export interface GatewayDoorServerOptions {
  version: string;
  call: SwitchboardApi['call'];
  door(): GatewayDoor;
  /** Told a list that could not be read (the stdio door's stderr). */
  say(line: string): void;
  /** The resources and prompts the door starts from, when the caller has read them (else read here). */
  first?: KindsFirst;
  /** Capabilities beside tools, resources and prompts (the stdio door's completions, subscriptions, logging). Default none. */
  capabilities?: ServerCapabilities;
  /** Installs the handlers of `capabilities` on each server built (before `connect`). */
  install?(server: Server): void;
  /** Server requests, progress and cancellation of each call (gateway-relay.ts); default none. */
  relay?: GatewayMcpServerOptions['relay'];
  /** Told every tools list the door serves or reads again. */
  onList?(list: GatewayList): void;
}

/** A door's server, its `tools/list` read, and `relist` (debounced; call it on every owner event). */
export interface GatewayDoorServer {
  server: Server;
  list(): Promise<GatewayList>;
  /** Read the lists again `RELIST_DELAY_MS` from now (a later call restarts the wait); notify what changed. */
  relist(): void;
  /** Drop a pending relist. */
  stop(): void;
}

/** Build a door's server (not connected: the door connects its transport). */
export async function gatewayDoorServer(options: GatewayDoorServerOptions): Promise<GatewayDoorServer> {
  return doorServerFrom(await kindsDoor(options.call, options.door, options.say, options.first), options);
}

/**
 * `gatewayDoorServer` from resources and prompts already read (`kindsDoor`): synchronous, for the
 * stdio door's per-connection factory (the SDK's `serveStdio` builds a server once the first message
 * says the era).
 */
export function doorServerFrom(kinds: KindsDoor, options: GatewayDoorServerOptions): GatewayDoorServer {
  const { call, door, say } = options;
  // The last tools served, as the owner sent them (never changed after): turned into text only when
  // a relist compares it (docs/gateway.md § Speed: ~10 ms per 1,000-tool list when done per list).
  let served: GatewayList['tools'] | GatewayList['progressive'] | undefined;
  const { server, list } = gatewayMcpServer({
    version: options.version,
    call,
    door,
    capabilities: { ...kinds.capabilities, ...options.capabilities },
    ...(options.relay ? { relay: options.relay } : {}),
    onList: (l) => {
      served = l.progressive ?? l.tools;
      options.onList?.(l);
    },
  });
  kinds.install(server);
  options.install?.(server);

  let timer: NodeJS.Timeout | undefined;
  const relist = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void kinds.relist(server).catch((err: unknown) => say(`switchboard gateway: could not read the resources or prompts again: ${err instanceof Error ? err.message : String(err)}`));
      // Nothing served yet: nothing the host could hold stale.
      if (served === undefined) return;
      const before = JSON.stringify(served);
      void list()
        .then((l) => (JSON.stringify(l.progressive ?? l.tools) === before ? undefined : server.sendToolListChanged()))
        .catch((err: unknown) => say(`switchboard gateway: could not read the list again: ${err instanceof Error ? err.message : String(err)}`));
    }, RELIST_DELAY_MS);
  };
  return {
    server,
    list,
    relist,
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
