/**
 * How a host reaches its gateway doors (issue 30 items 1 and 3, docs/gateway.md § A host's entry):
 * the stdio door's command line — `switchboard gateway --host <id> [--server <name>]`, which needs
 * the `switchboard` command on the host's PATH (`npm link` or a global install), and the same with
 * the absolute paths of node and the built CLI, which needs nothing — and the HTTP door's URL on the
 * owner's listener. Shared by `gateway:doors` (the window) and `switchboard gateway --print-entry`.
 */
import { join } from 'node:path';
import type { GatewayDoors, GatewayLaunch } from '../../../src-shared/api/gateway-doors.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { readDataText } from '../data/data-files.js';
import { DATA_FILES } from '../data/paths.js';
import { isAlive } from '../mcp/transport/process-tree.js';

/** The HTTP door's path for `host` (and one `server`): `/mcp/<host>[/<server>]`, the server name URL-encoded. */
export const gatewayDoorPath = (host: HostId, server?: string): string => `/mcp/${host}${server !== undefined ? `/${encodeURIComponent(server)}` : ''}`;

/** The stdio door's arguments after the CLI: `gateway --host <id> [--server <name>]`. */
export const gatewayDoorArgs = (host: HostId, server?: string): string[] => ['gateway', '--host', host, ...(server !== undefined ? ['--server', server] : [])];

/**
 * The port of the live owner of `dataDir` (its `endpoint.json`: the listener that serves the web
 * host and the HTTP door), or undefined when the file is missing, malformed or its pid is dead.
 */
export function livePort(dataDir: string): number | undefined {
  try {
    const parsed = JSON.parse(readDataText(join(dataDir, DATA_FILES.endpoint))) as { pid?: unknown; port?: unknown };
    const { pid, port } = parsed;
    if (typeof pid !== 'number' || typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65_535) return undefined;
    return isAlive(pid) ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Both doors of `host`: `stdio` always; `stdioAbsolute` when `cli` (the launch of the built CLI:
 * node's absolute path, then the CLI's) is known; `url` when `port` is.
 */
export function gatewayDoors(host: HostId, server: string | undefined, cli: GatewayLaunch | undefined, port: number | undefined): GatewayDoors {
  const args = gatewayDoorArgs(host, server);
  return {
    host,
    ...(server !== undefined ? { server } : {}),
    stdio: { command: 'switchboard', args },
    ...(cli ? { stdioAbsolute: { command: cli.command, args: [...cli.args, ...args] } } : {}),
    ...(port !== undefined ? { url: `http://127.0.0.1:${port}${gatewayDoorPath(host, server)}` } : {}),
  };
}

/** `{ "mcpServers": { "switchboard": { command, args } } }` as pretty JSON: the entry most hosts' files take. */
export function gatewayEntryJson(launch: GatewayLaunch): string {
  return JSON.stringify({ mcpServers: { switchboard: { command: launch.command, args: launch.args } } }, null, 2);
}
