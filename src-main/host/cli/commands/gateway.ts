/**
 * `switchboard gateway --host <id> [--server <name>] [--project <dir>]` (issue 30 item 1, docs/gateway.md):
 * the stdio door — an MCP server (the SDK's `@modelcontextprotocol/server`, 2025-era stdio) that a
 * host spawns as its `switchboard` entry. It relays to the owner (gateway-owner.ts: the running one,
 * else a headless one it starts in its own process): `tools/list` is `gateway:list`, `tools/call` is `gateway:call`,
 * and `notifications/tools/list_changed` goes out when a re-read list differs after the owner says
 * servers, tools, toggles, pins or config files changed; resources and prompts likewise
 * (gateway-kinds-door.ts), advertised only when the host's list has some. The project is `--project`, else the first root the
 * host declares (`roots/list`, read again on `roots/list_changed`), else the working folder.
 * stdout carries only JSON-RPC: every other line goes to stderr. A name the host's list does not
 * hold (`NOT_FOUND`) is the protocol error -32602 (MCP: unknown tool); a tool that is there but
 * held back (off, pin, untrusted, not ready) is an `isError` result whose text says why.
 * The owner outlives the door; when it goes away the door reconnects (gateway-owner.ts) and tells
 * the host `list_changed` if the new owner's list differs. `--headless-owner` runs that owner
 * instead (gateway-headless.ts).
 * Exit 0 when the host closes stdin; 2 when no owner can be reached or started; 64 for a missing or
 * unknown `--host`, or a `--server` the host's view does not hold (checked once at start-up). With `--print-http`
 * it prints the HTTP door's URL and how to get its token instead (gateway-url.ts).
 */
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { HOST_IDS, type HostId } from '../../../../src-shared/config/server.js';
import { EXIT, UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';
import { kindsDoor } from '../gateway-kinds-door.js';
import { gatewayMcpServer } from '../../../wires/gateway-mcp-server.js';
import { gatewayOwner, type GatewayOwner } from '../gateway-owner.js';
import { printGatewayUrl } from '../gateway-url.js';

/**
 * For this long after the door's process starts (ms), its tool lists and calls wait (bounded) for
 * servers still connecting (`settleMs`, issue 30 item 5): a healthy server slower than the door's
 * `initialize` is listed complete, one that hangs is named `not-ready` when the time is up.
 */
const START_SETTLE_MS = 10_000;

/** `settleMs` for a request now: what is left of `START_SETTLE_MS`, or nothing once it has passed. */
function settling(): { settleMs?: number } {
  const left = Math.round(START_SETTLE_MS - process.uptime() * 1000);
  return left > 0 ? { settleMs: left } : {};
}

/** How long the door waits after an owner event before reading the list again (events come in bursts). */
const RELIST_DELAY_MS = 100;

/** The host id of `--host`; throws `UsageError` for an unknown one. */
function hostFlag(value: unknown): HostId {
  if (typeof value !== 'string' || value === '') throw new UsageError(`gateway needs --host <id> (one of: ${HOST_IDS.join(', ')})`);
  if (!(HOST_IDS as readonly string[]).includes(value)) throw new UsageError(`Unknown host "${value}" (one of: ${HOST_IDS.join(', ')})`);
  return value as HostId;
}

/** The folder of the first `file://` root, or undefined. */
function rootFolder(roots: ReadonlyArray<{ uri: string }>): string | undefined {
  const first = roots.find((r) => r.uri.startsWith('file://'));
  if (!first) return undefined;
  try {
    return fileURLToPath(first.uri);
  } catch {
    return undefined;
  }
}

/** `switchboard gateway`. Resolves when the host closes the connection. */
export async function runGateway(ctx: CliContext): Promise<number> {
  if (ctx.cli.flags['headless-owner'] === true) return (await import('../gateway-headless.js')).runHeadlessOwner(ctx);
  const host = hostFlag(ctx.cli.flags.host);
  const only = typeof ctx.cli.flags.server === 'string' ? ctx.cli.flags.server : undefined;
  if (ctx.cli.flags['print-http'] === true) return printGatewayUrl(ctx, host, only, ctx.cli.flags['show-token'] === true);
  // stdout is the JSON-RPC stream: whatever else the process prints goes to stderr.
  console.log = console.error;
  console.info = console.error;
  let owner: GatewayOwner;
  try {
    owner = await gatewayOwner(ctx, (line) => ctx.io.err(`switchboard gateway: ${line}`));
  } catch (err) {
    ctx.io.err(`switchboard gateway: no Switchboard could be reached or started: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
  ctx.io.err(`switchboard gateway: ${host}${only !== undefined ? ` (${only})` : ''} via ${owner.kind === 'started' ? 'a headless Switchboard started for it' : 'the running Switchboard'} (pid ${owner.pid})`);
  let project: string | undefined = ctx.cli.project !== undefined ? ctx.projectDir : undefined;
  const door = () => ({ host, ...(project !== undefined ? { project } : { project: ctx.cwd }), ...(only !== undefined ? { server: only } : {}) });
  // `--server` naming no server of the host: say so now, never serve a door whose every list fails.
  if (only !== undefined) {
    const checked = await owner.call('gateway:list', door());
    if (!checked.ok && checked.error.code === 'NOT_FOUND') {
      ctx.io.err(`switchboard gateway: ${checked.error.message}`);
      await owner.close();
      return EXIT.USAGE;
    }
  }

  // Resources and prompts are advertised only when the host's list has some (gateway-kinds-door.ts),
  // or may gain some: a server still connecting when the door answers `initialize` (item 5).
  const first = await owner.call('gateway:list', door());
  const pending = first.ok && first.data.servers.some((s) => s.state === 'not-ready');
  // Its first reads (what to advertise) never wait for a slow server; its lists after that do, as tools do.
  let advertised = false;
  const kinds = await kindsDoor(owner, () => ({ ...door(), ...(advertised ? settling() : {}) }), (line) => ctx.io.err(line), pending);
  advertised = true;
  let served: string | undefined;
  const { server, list } = gatewayMcpServer({
    version: ctx.version,
    call: owner.call,
    // Tools wait for slow servers in the door's first seconds; the capabilities read above did not.
    door: () => ({ ...door(), ...settling() }),
    capabilities: kinds.capabilities,
    onList: (l) => {
      served = JSON.stringify(l.tools);
    },
  });
  kinds.install(server);

  // The list changes when the owner's servers, tools, toggles or pins do: read again, tell the host if it differs.
  let timer: NodeJS.Timeout | undefined;
  const relist = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void kinds.relist(server).catch((err: unknown) => ctx.io.err(`switchboard gateway: could not read the resources or prompts again: ${err instanceof Error ? err.message : String(err)}`));
      if (served === undefined) return;
      const before = served;
      void list()
        .then((l) => {
          if (JSON.stringify(l.tools) === before) return;
          return server.sendToolListChanged();
        })
        .catch((err: unknown) => ctx.io.err(`switchboard gateway: could not read the list again: ${err instanceof Error ? err.message : String(err)}`));
    }, RELIST_DELAY_MS);
  };
  // servers:changed covers status, trust, enable/disable and toggles (pokeServersChanged); tools:changed
  // listings, toggles and pins; config:reloaded a host file the running set did not change with.
  // A new owner after the old one went away (gateway-owner.ts) may serve another list.
  const offs = [owner.on('servers:changed', relist), owner.on('tools:changed', relist), owner.on('config:reloaded', relist), owner.onReconnect(relist)];

  // The project: --project, else the host's first root, else the working folder (docs/gateway.md).
  const readRoots = async (): Promise<void> => {
    if (ctx.cli.project !== undefined || !server.getClientCapabilities()?.roots) return;
    try {
      const folder = rootFolder((await server.listRoots()).roots);
      if (folder !== undefined && folder !== project) {
        project = folder;
        relist();
      }
    } catch (err) {
      ctx.io.err(`switchboard gateway: roots/list failed (${err instanceof Error ? err.message : String(err)}); using ${project ?? ctx.cwd}`);
    }
  };
  server.oninitialized = () => void readRoots();
  server.setNotificationHandler('notifications/roots/list_changed', async () => readRoots());

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  server.onerror = (err) => ctx.io.err(`switchboard gateway: ${err.message}`);
  await server.connect(transport);
  await closed;
  for (const off of offs) off();
  if (timer) clearTimeout(timer);
  await server.close().catch(() => undefined);
  await owner.close();
  return EXIT.OK;
}

/** `switchboard gateway --host <id> [--server <name>] [--print-http [--show-token]]`. */
export const gatewayCommand: CommandSpec = {
  name: 'gateway',
  synopsis: 'gateway --host <id> [--server <name>] [--print-http [--show-token]]',
  summary: "Serve one host's tools over stdio as an MCP server (the host spawns it; docs/gateway.md)",
  positionals: [0, 0],
  flags: {
    host: { type: 'string', help: `--host <id>       The host whose view is served: its own servers, Switchboard's filters applied. One of: ${HOST_IDS.join(', ')}` },
    server: { type: 'string', help: '--server <name>   Serve only this server of the host, under its raw tool names (made host-safe)' },
    'headless-owner': { type: 'boolean', help: '--headless-owner  Run the headless owner a door starts when none runs (exits 60 s after its last door; docs/gateway.md)' },
    'print-http': { type: 'boolean', help: "--print-http      Print the URL of the host's HTTP door (on the owner's port) and how to get its token, then exit" },
    'show-token': { type: 'boolean', help: "--show-token      With --print-http: print the host's bearer token too (anyone who has it can call the host's tools)" },
  },
  validate: (flags) => {
    if (flags['headless-owner'] !== true) hostFlag(flags.host);
    if (flags['show-token'] === true && flags['print-http'] !== true) throw new UsageError('--show-token goes with --print-http');
  },
  run: runGateway,
};
