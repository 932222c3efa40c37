/**
 * Building the serialisable server list (`ServersSnapshot`, docs/operator-verbs.md#status-view) from discovery's definitions
 * and the manager's runtimes. Pure: no I/O. Never copies a secret: env and header VALUES stay here,
 * only their keys go out (src-shared/api/status.ts).
 */
import { DEFAULT_TIMEOUT_MS, type ConfigWarning, type ServerDefinition } from '../../../src-shared/config/server.js';
import type {
  ServerState,
  ServerStatusName,
  ServerSummary,
  ServersSnapshot,
} from '../../../src-shared/api/status.js';
import { redactUrl, redactUrlsIn } from '../../../src-shared/redact-url.js';
import type { DiscoveryResult } from '../config/types.js';
import { secretStoreWarning, type SecretStoreChoice } from '../secrets/file-secret-store.js';
import type { PendingApproval } from '../../../src-shared/api/approval.js';
import type { ServerPins } from '../../../src-shared/api/pins.js';
import type { TextFinding } from '../../../src-shared/api/findings.js';
import type { DesiredState, ManagedServer, ServerRuntime } from '../mcp/manager/types.js';
import { builtinOverrides } from '../config/builtin-overrides.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/**
 * A definition as the UI may see it (ServerSummarySchema): launch facts, env/header KEYS only,
 * the auth TYPE only, `timeoutMs` = `timeout ?? DEFAULT_TIMEOUT_MS` (ms).
 */
export function summarizeServer(def: ServerDefinition): ServerSummary {
  const summary: ServerSummary = {
    name: def.name,
    transport: def.transport,
    envKeys: Object.keys(def.env ?? {}),
    headerKeys: Object.keys(def.headers ?? {}),
    enabled: def.enabled !== false,
    timeoutMs: def.timeout ?? DEFAULT_TIMEOUT_MS,
    source: { ...def.source },
    unresolved: [...(def.unresolved ?? [])],
  };
  if (def.command !== undefined) summary.command = def.command;
  if (def.args !== undefined) summary.args = [...def.args];
  if (def.cwd !== undefined) summary.cwd = def.cwd;
  if (def.url !== undefined) summary.url = redactUrl(def.url);
  if (def.auth !== undefined) summary.authType = def.auth.type;
  if (def.description !== undefined) summary.description = def.description;
  if (def.tags !== undefined) summary.tags = [...def.tags];
  if (def.category !== undefined) summary.category = def.category;
  if (def.autoApprove !== undefined) summary.autoApprove = [...def.autoApprove];
  if (def.overrides !== undefined) summary.overrides = [...def.overrides];
  if (def.protocol !== undefined) {
    summary.protocol = def.protocol;
    // Only servers.json carries `protocol`; on another host's definition it is our override (issue 10).
    summary.protocolFrom = def.source.host === 'switchboard' ? 'definition' : 'override';
  }
  return summary;
}

/**
 * What the manager should do with a definition (docs/config-discovery.md): `untrusted` for a project-scope server
 * while the project folder is not trusted, `changed` for one in `pending` (issue 16: a definition not
 * approved as it is now), `disabled` for `enabled: false`, `stopped` when the
 * caller restricted which servers to run (`only`) and this one is not in it, else `run`.
 */
export function desiredState(def: ServerDefinition, projectTrusted: boolean, only?: ReadonlySet<string>, pending?: ReadonlyMap<string, PendingApproval>): DesiredState {
  if (def.source.scope === 'project' && !projectTrusted) return 'untrusted';
  if (def.source.scope === 'project' && pending?.has(def.name)) return 'changed';
  if (def.enabled === false) return 'disabled';
  if (only && !only.has(def.name)) return 'stopped';
  return 'run';
}

/** The manager's input: discovery's winners in priority order, each with its desired state. */
export function managedServers(discovery: DiscoveryResult, projectTrusted: boolean, only?: ReadonlySet<string>, pending?: ReadonlyMap<string, PendingApproval>): ManagedServer[] {
  return discovery.servers.map((definition) => ({ definition, desired: desiredState(definition, projectTrusted, only, pending) }));
}

/** Status shown for a server the manager has no runtime for yet (e.g. before `start()`). */
function statusWithoutRuntime(desired: DesiredState): ServerStatusName {
  if (desired === 'run') return 'disconnected';
  return desired;
}

/** Inputs of `buildSnapshot`. */
export interface SnapshotInput {
  discovery: DiscoveryResult;
  projectDir: string;
  projectTrusted: boolean;
  /** The manager's runtime of a server by name; `undefined` when it has none. */
  runtime: (name: string) => ServerRuntime | undefined;
  /** The gateway's separate instances of a server, by name (core/gateway/gateway-instances.ts); none by default. */
  gatewayInstances?: (server: string) => readonly string[];
  /** Restriction of which servers run (see `desiredState`). */
  only?: ReadonlySet<string>;
  /** Names stopped by the user (state.json); shown as `manualStop`. */
  manualStops?: ReadonlySet<string>;
  /** Where secrets are kept (issue 14 item 11): listed, and a chosen file store is a warning too. */
  secretStore?: SecretStoreChoice;
  /** Issue 16: project servers waiting for approval, by name (shown as `approval`; trusted ones are `changed`). */
  pending?: ReadonlyMap<string, PendingApproval>;
  /** Issue 16 item 2: a server's pins view, shown when it has drift. */
  pins?: (name: string) => ServerPins | undefined;
  /** Issue 16 item 3: suspicious-text findings of a server's listing. */
  findings?: (name: string) => TextFinding[] | undefined;
  /** What the last resources/prompts listing of a server got wrong (issue 14 item 7), joined. */
  listWarnings?: (name: string) => string | undefined;
  /** Problems of the data folder's own files (issue 27: a refused link, a file that did not parse). */
  dataWarnings?: ConfigWarning[];
  /** Which core built the list and its count of lists built (`ServersSnapshot.revision`); copied as given. */
  revision?: { core: string; seq: number };
}

/**
 * The whole server list (ServersSnapshotSchema): one `ServerState` per winning definition, in
 * priority order, with the definitions it shadows; the shadowed list; every warning; totals
 * (`servers` = all listed, `connected` = status connected, `tools` = tools of connected servers).
 */
export function buildSnapshot(input: SnapshotInput): ServersSnapshot {
  const { discovery } = input;
  const servers: ServerState[] = discovery.servers.map((def) => {
    const rt = input.runtime(def.name);
    const desired = desiredState(def, input.projectTrusted, input.only, input.pending);
    const state: ServerState = {
      server: summarizeServer(def),
      status: rt?.status ?? statusWithoutRuntime(desired),
      toolCount: rt?.toolCount ?? 0,
      restartCount: rt?.restartCount ?? 0,
      recentLatencyMs: [...(rt?.recentLatencyMs ?? [])],
      shadows: discovery.shadowed.filter((s) => s.definition.name === def.name).map((s) => ({ ...s.definition.source })),
    };
    if (rt?.connectedAt !== undefined) state.connectedAt = rt.connectedAt;
    if (rt?.lastError !== undefined) state.lastError = redactUrlsIn(rt.lastError, [def.url]);
    if (rt?.failure !== undefined) state.failure = { ...rt.failure };
    if (rt?.serverInfo !== undefined) state.serverInfo = { ...rt.serverInfo };
    if (rt?.protocol !== undefined) state.protocol = { ...rt.protocol };
    if (rt?.capabilities !== undefined) state.capabilities = rt.capabilities;
    if (rt?.instructions !== undefined) state.instructions = rt.instructions;
    if (rt?.clientCapabilities !== undefined) state.clientCapabilities = rt.clientCapabilities;
    if (rt?.connectTimings !== undefined) state.connectTimings = { ...rt.connectTimings };
    if (rt?.deprecated?.length) state.deprecated = rt.deprecated.map((d) => ({ ...d }));
    if (rt?.droppedValues?.length) state.droppedValues = rt.droppedValues.map((d) => ({ ...d }));
    // Issue 14 item 7: the tools list's warning (the connection's) and those of resources and prompts.
    const listWarning = [rt?.listWarning, state.status === 'connected' ? input.listWarnings?.(def.name) : undefined].filter(Boolean).join('; ');
    if (listWarning) state.listWarning = listWarning;
    if (rt?.listWarning) state.toolListWarning = rt.listWarning;
    if (rt?.excludedTools?.length) state.excludedTools = rt.excludedTools.map((t) => ({ ...t }));
    if (rt?.invalidTools?.length) state.invalidTools = rt.invalidTools;
    if (rt?.toolsCache !== undefined) state.toolsCache = { ...rt.toolsCache };
    if (rt?.nextRestartAt !== undefined) state.nextRestartAt = rt.nextRestartAt;
    if (rt?.connectWait !== undefined) state.connectWait = { ...rt.connectWait };
    if (input.manualStops?.has(def.name)) state.manualStop = true;
    const approval = def.source.scope === 'project' ? input.pending?.get(def.name) : undefined;
    if (approval) state.approval = approval;
    const pins = input.pins?.(def.name);
    if (pins && (pins.drift.length > 0 || pins.apps !== undefined)) state.pins = pins;
    if (pins && pins.mode !== 'warn') state.pinMode = pins.mode;
    const findings = input.findings?.(def.name);
    if (findings && findings.length > 0) state.findings = findings;
    const instances = input.gatewayInstances?.(def.name) ?? [];
    if (instances.length > 0) state.gatewayInstances = instances.map((name) => ({ name, status: input.runtime(name)?.status ?? 'stopped' }));
    const overrides = builtinOverrides(def, state.status);
    if (overrides) state.builtinOverrides = overrides;
    return state;
  });
  const connected = servers.filter((s) => s.status === 'connected');
  return {
    project: { dir: input.projectDir, trusted: input.projectTrusted, projectFiles: [...discovery.projectFiles] },
    servers,
    shadowed: discovery.shadowed.map((s) => ({ server: summarizeServer(s.definition), shadowedBy: { ...s.shadowedBy } })),
    warnings: [...discovery.warnings.map((w) => ({ ...w })), ...secretStoreNotes(input.secretStore), ...(input.dataWarnings ?? [])],
    totals: {
      servers: servers.length,
      connected: connected.length,
      tools: connected.reduce((n, s) => n + s.toolCount, 0),
    },
    ...(input.revision ? { revision: { ...input.revision } } : {}),
    ...(input.secretStore ? { secretStore: { kind: input.secretStore.kind, ...(input.secretStore.file ? { file: input.secretStore.file, chosenBy: input.secretStore.chosenBy } : {}) } } : {}),
  };
}

/** The warning a chosen file store (or a choice not understood) adds to the list; none for the keychain. */
function secretStoreNotes(choice: SecretStoreChoice | undefined): ConfigWarning[] {
  const message = choice ? secretStoreWarning(choice) : undefined;
  return message ? [{ file: choice?.file ?? 'SWITCHBOARD_SECRET_STORE', ...warningCode('secret-store-file'), message: message.replace(/^Warning: /, '') }] : [];
}

/** An empty discovery result (before the first pass). */
export function emptyDiscovery(): DiscoveryResult {
  return { servers: [], shadowed: [], warnings: [], files: [], projectFiles: [] };
}
