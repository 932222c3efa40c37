/**
 * `switchboard gateway --host <id> [--server <name>] [--project <dir>]` (issue 30 item 1, docs/gateway.md):
 * the stdio door — an MCP server (the SDK's `@modelcontextprotocol/server`, 2025-era stdio) that a
 * host spawns as its `switchboard` entry. It relays to the owner (gateway-owner.ts: the running one,
 * else a headless one started here): `tools/list` is `gateway:list`, `tools/call` is `gateway:call`,
 * and `notifications/tools/list_changed` goes out when a re-read list differs after the owner says
 * servers, tools, toggles, pins or config files changed. The project is `--project`, else the first root the
 * host declares (`roots/list`, read again on `roots/list_changed`), else the working folder.
 * stdout carries only JSON-RPC: every other line goes to stderr. A name the host's list does not
 * hold (`NOT_FOUND`) is the protocol error -32602 (MCP: unknown tool); a tool that is there but
 * held back (off, pin, untrusted, not ready) is an `isError` result whose text says why.
 * Exit 0 when the host closes stdin; 2 when no owner can be reached or started; 64 for a missing or
 * unknown `--host`, or a `--server` the host's view does not hold (checked once at start-up).
 */
import { fileURLToPath } from 'node:url';
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { GatewayList } from '../../../../src-shared/api/gateway.js';
import { HOST_IDS, type HostId } from '../../../../src-shared/config/server.js';
import { EXIT, UsageError } from '../args.js';
import type { CommandSpec } from '../command-spec.js';
import type { CliContext } from '../context.js';
import { gatewayOwner, type GatewayOwner } from '../gateway-owner.js';

/** How long the door waits after an owner event before reading the list again (events come in bursts). */
const RELIST_DELAY_MS = 100;

/** The host id of `--host`; throws `UsageError` for an unknown one. */
function hostFlag(value: unknown): HostId {
  if (typeof value !== 'string' || value === '') throw new UsageError(`gateway needs --host <id> (one of: ${HOST_IDS.join(', ')})`);
  if (!(HOST_IDS as readonly string[]).includes(value)) throw new UsageError(`Unknown host "${value}" (one of: ${HOST_IDS.join(', ')})`);
  return value as HostId;
}

/** A listed tool as MCP's `tools/list` carries it. */
function mcpTool(t: GatewayList['tools'][number]): Tool {
  return {
    name: t.name,
    ...(t.title !== undefined ? { title: t.title } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    inputSchema: t.inputSchema as Tool['inputSchema'],
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema as Tool['outputSchema'] } : {}),
    ...(t.annotations !== undefined ? { annotations: t.annotations as Tool['annotations'] } : {}),
  };
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
  const host = hostFlag(ctx.cli.flags.host);
  const only = typeof ctx.cli.flags.server === 'string' ? ctx.cli.flags.server : undefined;
  // stdout is the JSON-RPC stream: whatever else the process prints goes to stderr.
  console.log = console.error;
  console.info = console.error;
  let owner: GatewayOwner;
  try {
    owner = await gatewayOwner(ctx);
  } catch (err) {
    ctx.io.err(`switchboard gateway: no Switchboard could be reached or started: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
  ctx.io.err(`switchboard gateway: ${host}${only !== undefined ? ` (${only})` : ''} via ${owner.kind === 'started' ? 'a headless Switchboard started here' : 'the running Switchboard'}`);
  let project: string | undefined = ctx.cli.project !== undefined ? ctx.projectDir : undefined;
  const door = () => ({ host, ...(project !== undefined ? { project } : { project: ctx.cwd }), ...(only !== undefined ? { server: only } : {}) });
  // `--server` naming no server of the host: say so now, never serve a door whose every list fails.
  if (only !== undefined) {
    await owner.ready;
    const checked = await owner.call('gateway:list', door());
    if (!checked.ok && checked.error.code === 'NOT_FOUND') {
      ctx.io.err(`switchboard gateway: ${checked.error.message}`);
      await owner.close();
      return EXIT.USAGE;
    }
  }

  const server = new Server({ name: 'switchboard-gateway', version: ctx.version }, { capabilities: { tools: { listChanged: true } } });
  let served: string | undefined;
  let advertised = new Map<string, Record<string, unknown> | undefined>();
  const list = async (): Promise<GatewayList> => {
    await owner.ready;
    const r = await owner.call('gateway:list', door());
    if (!r.ok) throw new ProtocolError(ProtocolErrorCode.InternalError, r.error.message);
    return r.data;
  };

  server.setRequestHandler('tools/list', async () => {
    const l = await list();
    served = JSON.stringify(l.tools);
    advertised = new Map(l.tools.map((t) => [t.name, t.outputSchema]));
    return { tools: l.tools.map(mcpTool) };
  });
  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    await owner.ready;
    const { name, arguments: args } = request.params;
    const r = await owner.call('gateway:call', { ...door(), name, args: (args ?? {}) as Record<string, unknown> });
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

  // The list changes when the owner's servers, tools, toggles or pins do: read again, tell the host if it differs.
  let timer: NodeJS.Timeout | undefined;
  const relist = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (served === undefined) return;
      void list()
        .then((l) => {
          const now = JSON.stringify(l.tools);
          if (now === served) return;
          served = now;
          advertised = new Map(l.tools.map((t) => [t.name, t.outputSchema]));
          return server.sendToolListChanged();
        })
        .catch((err: unknown) => ctx.io.err(`switchboard gateway: could not read the list again: ${err instanceof Error ? err.message : String(err)}`));
    }, RELIST_DELAY_MS);
  };
  // servers:changed covers status, trust, enable/disable and toggles (pokeServersChanged); tools:changed
  // listings, toggles and pins; config:reloaded a host file the running set did not change with.
  const offs = [owner.on('servers:changed', relist), owner.on('tools:changed', relist), owner.on('config:reloaded', relist)];

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

/** `switchboard gateway --host <id> [--server <name>]`. */
export const gatewayCommand: CommandSpec = {
  name: 'gateway',
  synopsis: 'gateway --host <id> [--server <name>]',
  summary: "Serve one host's tools over stdio as an MCP server (the host spawns it; docs/gateway.md)",
  positionals: [0, 0],
  flags: {
    host: { type: 'string', help: `--host <id>       The host whose view is served: its own servers, Switchboard's filters applied. One of: ${HOST_IDS.join(', ')}` },
    server: { type: 'string', help: '--server <name>   Serve only this server of the host, under its raw tool names (made host-safe)' },
  },
  validate: (flags) => {
    hostFlag(flags.host);
  },
  run: runGateway,
};
