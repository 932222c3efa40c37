/**
 * The library entry (docs/faces-and-ownership.md, §4): `discoverAndLoadMCPTools()` discovers every MCP server configured
 * on the machine (same files, precedence and workspace trust as the app), connects them, and returns
 * the loaded tools under their agent-visible names plus a per-server error list — for headless
 * integration into an agent. Deferred schemas: `catalog` is names + descriptions only, `describe`
 * gives one tool's full schema, and a call missing required parameters gets the schema back.
 *
 * Import it as `mcp-switchboard/library` (`lib/index.mjs` runs this file through tsx).
 */
import { currentPlatform, dataDir as defaultDataDir, type PlatformContext } from '../core/composition/entry-kit.js';
import { resolveReferenceServerScript } from '../core/composition/entry-kit.js';
import { createSwitchboardCore } from '../core/index.js';
import type { ServerRequestPolicy } from '../core/index.js';
import { buildCatalog, describeTool, nameToolInfos } from '../core/composition/entry-kit.js';
import type { CatalogEntry, ToolDescription } from '../../src-shared/api/inspector.js';
import type { ToolCallResult, ToolInfo } from '../../src-shared/api/status.js';
import type { ChannelEntry, ChannelEntryView, ChannelQuery } from '../../src-shared/api/channels.js';
import { appVersion } from './cli/context.js';
import { connectFailureMessage } from '../../src-shared/api/failure-wording.js';
import type { AgentNaming } from '../../src-shared/config/tool-names.js';
import { modelVisible } from '../../src-shared/api/tool-visibility.js';
import { findByAgentName, type AgentNameMatch } from '../../src-shared/config/former-tool-names.js';

export { acceptWithDefaults } from '../core/index.js';

/** Options of `discoverAndLoadMCPTools`. */
export interface DiscoverOptions {
  /** Project folder whose project-level files are read (default: `process.cwd()`). Untrusted folders' servers are not started. */
  projectDir?: string;
  /** Data folder (default `dataDir()`: `SWITCHBOARD_HOME` or the OS default). */
  dataDir?: string;
  /** Platform facts (home, env); default the running process's. */
  platform?: PlatformContext;
  /** Start only these servers (by name); default all trusted, enabled ones. */
  servers?: readonly string[];
  /** Answers servers' elicitation/sampling without a person; default: declined at once. */
  serverRequestPolicy?: ServerRequestPolicy;
  /**
   * How tools are named (docs/tool-bridge.md): `switchboard` (default) keeps digits (`mcp_db2_query`); `xcsh` drops
   * them as the seed system (xcsh) does and as Switchboard did before issue 30 (`mcp_db_query`; clashes get `_2`…).
   */
  naming?: AgentNaming;
}

/** A loaded tool: its agent-facing identity, and a call that never throws. */
export interface LoadedMcpTool {
  /** Agent-visible name `mcp_<server>_<tool>` (docs/tool-bridge.md), under the load's `naming`. */
  name: string;
  /** `[MCP:<server>] <description>`. */
  description: string;
  inputSchema: Record<string, unknown>;
  server: string;
  /** Raw MCP tool name. */
  tool: string;
  info: ToolInfo;
  /** Call with arguments; missing required parameters come back as an isError result with the schema. */
  call(args?: Record<string, unknown>): Promise<ToolCallResult>;
}

/** A server that did not load, and why. */
export interface ServerLoadError {
  server: string;
  status: string;
  /** `Failed to connect to "<name>": <cause>` (the wording of every face, issue 28 item 9); trust refusals say what to run. */
  message: string;
}

/** What `discoverAndLoadMCPTools` returns. Call `close()` to stop every server it started. */
export interface LoadedMcpTools {
  tools: LoadedMcpTool[];
  errors: ServerLoadError[];
  /** Name + description per tool (docs/tool-bridge.md catalog). */
  catalog: CatalogEntry[];
  /**
   * One tool's full description by agent-visible name; undefined when unknown. Under the default naming, a
   * name from before digits were kept still finds its tool for one release, with `note` saying its name now.
   */
  describe(name: string): ToolDescription | undefined;
  /** Call a tool by agent-visible name (a name from before digits were kept too, as `describe`). Unknown name → an isError result saying so. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolCallResult>;
  /**
   * Notifications the servers pushed since the load (docs/channels.md; progress excluded, each server's
   * `channels` allow-list applied), newest 200 by default, oldest first. Kept in memory: the
   * library never writes the data folder's `channels.jsonl` (the running Switchboard owns it).
   */
  notifications(query?: ChannelQuery): ChannelEntryView[];
  /** Call `listener` for every new notification; returns a function that stops it. */
  onNotification(listener: (entry: ChannelEntry) => void): () => void;
  /** Stop every server this load started (no process is left behind). */
  close(): Promise<void>;
}

/**
 * Discover, connect and load every configured MCP server's tools (docs/faces-and-ownership.md library entry). Resolves
 * once no server is still connecting; a server that failed is in `errors` (its status and message),
 * never a rejection. Rejects only when discovery itself cannot run (e.g. an unreadable data folder).
 */
export async function discoverAndLoadMCPTools(options: DiscoverOptions = {}): Promise<LoadedMcpTools> {
  const platform = options.platform ?? currentPlatform();
  const core = createSwitchboardCore(
    {
      platform,
      projectDir: options.projectDir ?? process.cwd(),
      dataDir: options.dataDir ?? defaultDataDir(platform),
      mode: 'cli',
      version: appVersion(),
      referenceServer: { command: process.execPath, args: [resolveReferenceServerScript(), 'stdio'] },
    },
    { onlyServers: options.servers, serverRequestPolicy: options.serverRequestPolicy },
  );
  try {
    await core.start();
    await core.settled();
  } catch (err) {
    await core.dispose();
    throw err;
  }
  const listed = await core.handlers['servers:list']({});
  const toolsResult = await core.handlers['tools:list']({});
  const listedInfos = toolsResult.ok ? toolsResult.data : [];
  // MCP Apps app-only tools are never an agent's (docs/mcp-apps.md): the library leaves them out.
  const infos = (options.naming === 'xcsh' ? nameToolInfos(listedInfos, 'xcsh') : listedInfos).filter((i) => modelVisible(i.visibility));
  const errors: ServerLoadError[] = [];
  if (listed.ok) {
    for (const s of listed.data.servers) {
      if (['error', 'disconnected', 'needs-auth', 'backoff', 'untrusted', 'changed'].includes(s.status)) {
        const message =
          s.status === 'untrusted' ? 'The project folder is not trusted (run: switchboard trust)'
          : s.status === 'changed' ? 'The definition is not approved as it is now (run: switchboard trust --review)'
          : connectFailureMessage(s.server.name, s.lastError ?? s.status);
        errors.push({ server: s.server.name, status: s.status, message });
      }
    }
  }
  const callRaw = async (info: ToolInfo, args: Record<string, unknown> = {}): Promise<ToolCallResult> => {
    const r = await core.handlers['tools:call']({ server: info.server, tool: info.name, args });
    if (r.ok) return r.data;
    return { server: info.server, tool: info.name, isError: true, text: `MCP error: ${r.error.message}`, content: [], durationMs: 0 };
  };
  const tools: LoadedMcpTool[] = infos.map((info) => ({
    name: info.agentName,
    description: info.agentDescription,
    inputSchema: info.inputSchema,
    server: info.server,
    tool: info.name,
    info,
    call: (args) => callRaw(info, args),
  }));
  const lookup = (name: string): AgentNameMatch<ToolInfo> | undefined => {
    if (options.naming !== 'xcsh') return findByAgentName(infos, name);
    // Under `xcsh` the names are the former ones already: no fallback.
    const info = infos.find((i) => i.agentName === name);
    return info && { tool: info };
  };
  let closed: Promise<void> | undefined;
  return {
    tools,
    errors,
    catalog: buildCatalog(infos),
    describe: (name) => {
      const match = lookup(name);
      if (!match) return undefined;
      return match.note === undefined ? describeTool(match.tool) : { ...describeTool(match.tool), note: match.note };
    },
    call: async (name, args) => {
      const match = lookup(name);
      if (match) return callRaw(match.tool, args);
      const text = `Error: Unknown tool "${name}". Known tools: ${infos.map((i) => i.agentName).join(', ')}`;
      return { server: '', tool: name, isError: true, text, content: [{ type: 'text', text }], durationMs: 0 };
    },
    notifications: (query) => core.channels?.list(query) ?? [],
    onNotification: (listener) => core.channels?.subscribe(listener) ?? (() => undefined),
    close: () => (closed ??= core.dispose()),
  };
}
