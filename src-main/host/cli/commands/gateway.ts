/**
 * `switchboard gateway --host <id> [--server <name>] [--project <dir>]` (issue 30 item 1, docs/gateway.md):
 * the stdio door — an MCP server (the SDK's `@modelcontextprotocol/server`, served by `serveStdio`
 * in both eras: 2025 `initialize`, 2026-07-28 `server/discover` and stateless requests) that a
 * host spawns as its `switchboard` entry. It relays to the owner (gateway-owner.ts: the running one,
 * else a headless one it starts in its own process): `tools/list` is `gateway:list`, `tools/call` is `gateway:call`,
 * and `notifications/tools/list_changed` goes out when a re-read list differs after the owner says
 * servers, tools, toggles, pins or config files changed; resources and prompts likewise
 * (wires/gateway-kinds-door.ts, built with the HTTP door's construction in wires/gateway-door-server.ts), advertised only when the host's list has some; completions, 2025-era
 * resource subscriptions and logging only when a listed server offers them. The project is `--project`, else the first root the
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
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { watchBadLines } from '../gateway-bad-lines.js';
import { HOST_IDS, type HostId } from '../../../../src-shared/config/server.js';
import { EXIT, UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';
import { kindsDoor } from '../../../wires/gateway-kinds-door.js';
import { doorServerFrom, type GatewayDoorServer } from '../../../wires/gateway-door-server.js';
import { completionRelay } from '../../../wires/gateway-complete-relay.js';
import { subscribeDoor } from '../gateway-subscribe-door.js';
import { logDoor } from '../gateway-log-door.js';
import { gatewayOwner, type GatewayOwner } from '../gateway-owner.js';
import { gatewayRelay } from '../../../wires/gateway-relay.js';
import { printGatewayUrl } from '../gateway-url.js';
import { printGatewayEntry } from '../gateway-entry-print.js';
import { progressiveValue, setGatewayProgressive } from '../gateway-progressive.js';
import { doorStartLines } from '../gateway-held-lines.js';
import { onListInputsChanged } from '../gateway-relist-filter.js';

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
  if (ctx.cli.flags['print-http'] === true) return printGatewayUrl(ctx, host, only, ctx.cli.flags['show-token'] === true, ctx.cli.flags['new-token'] === true);
  if (ctx.cli.flags['print-entry'] === true) return printGatewayEntry(ctx, host, only);
  if (typeof ctx.cli.flags.progressive === 'string') return setGatewayProgressive(ctx, host, ctx.cli.flags.progressive);
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

  // What the host does not get and why, one line each (a trial finding: an empty list said nothing).
  const first = await owner.call('gateway:list', door());
  if (first.ok) for (const line of doorStartLines(first.data)) ctx.io.err(`switchboard gateway: ${line}`);
  // A server still connecting when the door answers `initialize` (item 5) may bring resources or prompts.
  const pending = first.ok && first.data.servers.some((s) => s.state === 'not-ready');

  // Resources and prompts are advertised only when the host's list has some (gateway-kinds-door.ts).
  // Its first reads (what to advertise) never wait for a slow server; its lists after that do, as tools do.
  let advertised = false;
  const kinds = await kindsDoor(owner.call, () => ({ ...door(), ...(advertised ? settling() : {}) }), (line) => ctx.io.err(line), undefined, pending);
  advertised = true;
  // Completions, resource subscriptions and logging likewise, only when a listed server of the host
  // offers them (gateway-complete-relay.ts, gateway-subscribe-door.ts, gateway-log-door.ts).
  const offers = await owner.call('gateway:offers', door()).then(
    (r) => (r.ok ? r.data : new Error(r.error.message)),
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  if (offers instanceof Error) ctx.io.err(`switchboard gateway: gateway:offers failed: ${offers.message}`);
  const offered = offers instanceof Error ? undefined : offers;
  const completions = completionRelay(owner.call, door, offered);
  const subscriptions = subscribeDoor(owner, door, offered, (line) => ctx.io.err(`switchboard gateway: ${line}`));
  const logging = logDoor(owner, offered);
  // One instance per connection, built by serveStdio's factory once the opening message says the era
  // (a 2026-07-28 `server/discover` probe may be dropped for a 2025-era `initialize` after it); the
  // lists are read again after the owner's events, and the host told what changed (gateway-door-server.ts).
  let built: GatewayDoorServer | undefined;
  const factory = ({ era }: { era: 'legacy' | 'modern' }): Server => {
    built?.stop();
    built = doorServerFrom(kinds, {
      version: ctx.version,
      call: owner.call,
      // Tools wait for slow servers in the door's first seconds; the capabilities read above did not.
      door: () => ({ ...door(), ...settling() }),
      say: (line) => ctx.io.err(line),
      capabilities: { ...completions.capabilities, ...subscriptions.capabilities(era, kinds.capabilities.resources), ...logging.capabilities(era) },
      install: (server) => {
        completions.install(server);
        subscriptions.install(server, era, kinds.capabilities.resources);
        logging.install(server, era);
      },
      // Server requests, progress and cancellation of each call go to this host (gateway-relay.ts).
      // With --project the backend's roots/list is that project, not the host's roots (docs/gateway.md § Sharing).
      relay: (s) => gatewayRelay(s, owner.call, owner.on, ctx.cli.project !== undefined),
      onList: (l) => logging.onList(l),
    });
    built.server.oninitialized = () => void readRoots();
    built.server.setNotificationHandler('notifications/roots/list_changed', async () => readRoots());
    built.server.onerror = (err) => ctx.io.err(`switchboard gateway: ${err.message}`);
    return built.server;
  };
  const relist = (): void => built?.relist();
  // servers:changed covers status, trust, enable/disable and toggles (pokeServersChanged) — only when
  // what a list is made of changed, not after every call (gateway-relist-filter.ts); tools:changed
  // listings, toggles and pins; config:reloaded a host file the running set did not change with.
  // A new owner after the old one went away (gateway-owner.ts) may serve another list.
  const offs = [owner.on('servers:changed', onListInputsChanged(relist)), owner.on('tools:changed', relist), owner.on('config:reloaded', relist), owner.onReconnect(relist)];

  // The project: --project, else the host's first root, else the working folder (docs/gateway.md).
  const readRoots = async (): Promise<void> => {
    const server = built?.server;
    if (ctx.cli.project !== undefined || !server?.getClientCapabilities()?.roots) return;
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

  // Both eras (docs/gateway.md § Doors): the SDK's serveStdio picks the era from the opening message.
  const transport = new StdioServerTransport();
  const handle = serveStdio(factory, { transport, onerror: (err) => ctx.io.err(`switchboard gateway: ${err.message}`) });
  const unwatch = watchBadLines(process.stdin, (t) => ctx.io.err(t), (m) => transport.send(m));
  const closed = new Promise<void>((resolve) => {
    const entryClose = transport.onclose;
    transport.onclose = () => {
      entryClose?.();
      resolve();
    };
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await closed;
  unwatch();
  for (const off of offs) off();
  built?.stop();
  await subscriptions.close();
  logging.close();
  await handle.close().catch(() => undefined);
  await owner.close();
  return EXIT.OK;
}

/** `switchboard gateway --host <id> [--server <name>] [--print-http [--show-token] [--new-token]]`. */
export const gatewayCommand: CommandSpec = {
  name: 'gateway',
  synopsis: 'gateway --host <id> [--server <name>] [--print-http [--show-token] [--new-token] | --print-entry | --progressive on|off]',
  summary: "Serve one host's tools over stdio as an MCP server (the host spawns it; docs/gateway.md)",
  positionals: [0, 0],
  flags: {
    host: { type: 'string', help: `--host <id>       The host whose view is served: its own servers, Switchboard's filters applied. One of: ${HOST_IDS.join(', ')}` },
    server: { type: 'string', help: '--server <name>   Serve only this server of the host, under its raw tool names (made host-safe)' },
    'headless-owner': { type: 'boolean', help: '--headless-owner  Run the headless owner a door starts when none runs (exits 60 s after its last door; docs/gateway.md)' },
    'print-http': { type: 'boolean', help: "--print-http      Print the URL of the host's HTTP door (on the owner's port) and how to get its token, then exit" },
    'print-entry': { type: 'boolean', help: "--print-entry     Print a host entry to paste (node's and this CLI's absolute paths: no npm link needed), then exit" },
    'show-token': { type: 'boolean', help: "--show-token      With --print-http: print the host's bearer token too (anyone who has it can call the host's tools)" },
    progressive: { type: 'string', help: '--progressive on|off  Progressive discovery for the host: its aggregated door offers search_tools, describe_tool, call_tool instead of its full list (docs/gateway.md)' },
    'new-token': { type: 'boolean', help: "--new-token       With --print-http: replace the host's bearer token first (the old one opens nothing from then on)" },
  },
  validate: (flags) => {
    if (flags['headless-owner'] !== true) hostFlag(flags.host);
    if (flags['show-token'] === true && flags['print-http'] !== true) throw new UsageError('--show-token goes with --print-http');
    if (flags['new-token'] === true && flags['print-http'] !== true) throw new UsageError('--new-token goes with --print-http');
    if (typeof flags.progressive === 'string') progressiveValue(flags.progressive);
  },
  run: runGateway,
};
