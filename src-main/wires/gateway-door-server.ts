/**
 * One construction of a gateway door's MCP server for both doors (issue 30 items 1–2,
 * docs/gateway.md § Doors): the shared tools server (gateway-mcp-server.ts) plus the resources and
 * prompts part (gateway-kinds-door.ts), and the one relist logic — after an owner event that may
 * change the host's lists (`GATEWAY_LIST_EVENTS`), read them again `RELIST_DELAY_MS` later and send
 * `notifications/tools/list_changed` (and `resources/…`, `prompts/…`) only for a list that differs
 * from the one the door last served. The stdio door (host/cli/commands/gateway.ts) feeds it the
 * owner's WebSocket events; the HTTP door's sessions (gateway-http-sessions.ts) the core's own.
 */
import type { Server } from '@modelcontextprotocol/server';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import type { GatewayList } from '../../src-shared/api/gateway.js';
import { kindsDoor, type KindsFirst } from './gateway-kinds-door.js';
import { gatewayMcpServer, type GatewayDoor } from './gateway-mcp-server.js';

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
  const { call, door, say } = options;
  const kinds = await kindsDoor(call, door, say, options.first);
  let served: string | undefined;
  const { server, list } = gatewayMcpServer({
    version: options.version,
    call,
    door,
    capabilities: kinds.capabilities,
    onList: (l) => {
      served = JSON.stringify(l.tools);
    },
  });
  kinds.install(server);

  let timer: NodeJS.Timeout | undefined;
  const relist = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void kinds.relist(server).catch((err: unknown) => say(`switchboard gateway: could not read the resources or prompts again: ${err instanceof Error ? err.message : String(err)}`));
      // Nothing served yet: nothing the host could hold stale.
      if (served === undefined) return;
      const before = served;
      void list()
        .then((l) => (JSON.stringify(l.tools) === before ? undefined : server.sendToolListChanged()))
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
