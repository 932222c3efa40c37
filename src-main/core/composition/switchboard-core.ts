/**
 * The core facade (ARCHITECTURE "one core, three faces"): discovery + workspace trust + the MCP
 * manager, exposed as the contract's handlers (src-shared/api/contract.ts) and events. Every face
 * (Electron, web host, CLI) composes exactly this. No electron import (ARCHITECTURE rule 1).
 * Parts: core-extras.ts (face knobs), core-handlers.ts (the handler groups), core-secrets.ts (values
 * held for redaction at discovery).
 */
import type { EmitEvent, EventName, EventPayload } from '../../../src-shared/api/contract.js';
import { randomUUID } from 'node:crypto';
import { redactedWith } from '../redaction/redacted-payloads.js';
import type { LogEntry, ServersSnapshot } from '../../../src-shared/api/status.js';
import { discoverServers } from '../config/discovery.js';
import { TrustStore } from '../config/trust.js';
import type { DiscoveryContext, DiscoveryResult } from '../config/types.js';
import type { CoreContext, ListenerFacts } from '../handlers/context.js';
import { startLiveReload, type LiveReload } from '../config/live-reload.js';
import { ManualStops } from '../data/manual-stops.js';
import { ValueResolver } from '../mcp/connection/value-resolution.js';
import { secretRefResolverFor } from '../secrets/secret-refs.js';
import { migrateSecretBindings, SecretBindings } from '../secrets/secret-bindings.js';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import { AuthService } from '../auth/auth-service.js';
import { defaultSecretStore } from '../secrets/secret-store.js';
import { gatewayAccess, gatewayToken } from '../gateway/gateway-tokens.js';
import { secretStoreChoice } from '../secrets/file-secret-store.js';
import { ProtocolOverrides } from '../config/protocol-overrides.js';
import { StoredEraMemory } from '../mcp/client/era-memory.js';
import { StateStore } from '../data/state-store.js';
import { createInspectorServices } from '../mcp/inspector/inspector-services.js';
import { Batcher, Coalescer } from '../events/event-batcher.js';
import { McpManager } from '../mcp/manager/manager.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import { approvalRecords, pendingApprovals, projectDefinitions } from '../trust/project-approvals.js';
import type { PendingApproval } from '../../../src-shared/api/approval.js';
import { ToolPinStore } from '../trust/tool-pins.js';
import { foreignToolNames, scanServerText } from '../trust/suspicious-text.js';
import type { TextFinding } from '../../../src-shared/api/findings.js';
import { buildSnapshot, emptyDiscovery, managedServers } from '../facade/snapshot.js';
import { ensureDataDir } from '../data/data-dir.js';
import { dataFileProblems, onDataProblems } from '../data/data-file-problems.js';
import { settleDataWrites } from '../data/data-files.js';
import { ChannelService } from '../channels/channel-service.js';
import { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import type { CoreOptions, SwitchboardCore } from '../facade/types.js';
import { OwnWrites } from '../files/own-writes.js';
import type { CoreExtras } from './core-extras.js';
import { holdDefinitionSecrets } from './core-secrets.js';
import { coreHandlers } from './core-handlers.js';
import { GatewayInstances } from '../gateway/gateway-instances.js';
import { allowListOf } from '../../../src-shared/channels/channel-names.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

export type { CoreExtras } from './core-extras.js';

/** How many coalescing windows a `servers:changed` that only brings a call's latencies may wait (×50 ms: 0.5 s). */
export const CALL_STATS_WAIT = 10;

/**
 * Create the core. Nothing is read or spawned until `start()` (or a handler that needs discovery).
 *
 * - `start()`: discover (project trust from `trust.json`), hand the manager the definitions in
 *   priority order (desired `untrusted` for project-scope servers of an untrusted folder, `disabled`
 *   for `enabled: false`, else `run`), resolve when the manager has reconciled (docs/config-discovery.md).
 * - Handlers never throw: a `CoreError` becomes a failure with its code; `isError` tool results are
 *   ok results (ARCHITECTURE rule 4).
 * - Events: `servers:changed` (coalesced ~50 ms; ~0.5 s when a tool call's latencies are all that
 *   changed, `CALL_STATS_WAIT`), `tools:changed` (at once), `logs:appended` (batched ~50 ms).
 */
export function createSwitchboardCore(options: CoreOptions, extras: CoreExtras = {}): SwitchboardCore {
  const trustStore = new TrustStore(options.dataDir);
  // The one secret store of this core (issue 29 item 4): auth, value resolution, discovery and the
  // config handlers all use this instance. SWITCHBOARD_KEYCHAIN_SERVICE keeps test runs out of a
  // person's real keychain entries.
  const secrets = options.secrets ?? defaultSecretStore(options.platform.env, options.dataDir);
  // The config writes this core makes: its live reload does not take them for outside changes.
  const ownWrites = new OwnWrites();
  const only = extras.onlyServers ? new Set(extras.onlyServers) : undefined;
  const listeners = new Map<EmitEvent, ((event: EventName) => boolean) | undefined>();
  // Whether each subscriber answers server requests now: false for the gateway's HTTP door and its
  // relays and the owner's own bookkeeping; a function for the web host (a face while a window or a
  // CLI verb is connected to it, not while only gateway doors are).
  const faces = new Map<EmitEvent, boolean | (() => boolean)>();
  const isFace = (f: boolean | (() => boolean)): boolean => (typeof f === 'function' ? f() : f);
  // Server requests wait for a person only while a face (a subscriber) is attached.
  const inspector = createInspectorServices({
    emit: (event, payload) => emit(event, payload),
    hasFace: () => [...faces.values()].some(isFace),
    policy: extras.serverRequestPolicy,
    dataDir: options.dataDir,
    redact: (value) => auth.redactor.redactValue(value),
  });
  // Issue 6: OAuth credentials in the keychain; every connection asks it for auth pieces.
  const auth = new AuthService({
    dataDir: options.dataDir,
    secrets,
    openExternal: options.openExternal,
    doneUrl: options.oauthDoneUrl,
    flowTimeoutMs: options.oauthFlowTimeoutMs,
    // Issue 27 item 9: the SDK's own lines during a sign-in go to the server's log, not the console.
    onServerNote: (server, text) => manager.note(server, text),
  });
  const manualStops = new ManualStops(options.dataDir);
  // docs/auth.md: env/header values resolved at connect time; secret references from the keychain,
  // each only for the definitions it is bound to (issue 26 item 1, secret-bindings.json).
  const secretBindings = new SecretBindings(options.dataDir);
  const values = new ValueResolver({ env: options.platform.env, resolveSecretRef: secretRefResolverFor(secrets, secretBindings) });
  // Issue 16 item 2: tools as first listed, compared on every later listing.
  const pins = new ToolPinStore(options.dataDir);
  // Issue 16 item 4: tools switched off in Switchboard only (hosts without a per-tool list).
  const toolToggles = new SwitchboardToolToggles(options.dataDir);
  const manager = new McpManager({
    heldTools: (server) => {
      const off = toolToggles.held(server, discovery?.servers.find((s) => s.name === server)?.source.file);
      return off.size === 0 ? pins.held(server) : new Set([...pins.held(server), ...off]);
    },
    heldReason: (server, tool) =>
      pins.held(server).has(tool)
        ? `is held back: it changed since it was pinned (block mode); see: switchboard pins ${server}, accept with: switchboard pins accept ${server} ${tool}`
        : `is switched off in Switchboard (context budget); switch it on with: switchboard budget on ${server} ${tool}`,
    // Issue 32: a pin in block mode holds a tool from a person too; a budget switch only from agents.
    blockedTools: (server) => pins.held(server),
    restart: extras.restart,
    values,
    auth,
    hooks: inspector.hooks,
    clientName: 'mcp-switchboard',
    clientVersion: options.version,
    baseEnv: options.platform.env,
    projectDir: options.projectDir,
    // Issue 10: the negotiated era per definition outlives this process (one-shot CLI runs too).
    eras: new StoredEraMemory(new StateStore(options.dataDir)),
  });
  // Issue 30 item 6: processes the gateway runs for a host whose definition or roots differ.
  const gatewayInstances = new GatewayInstances(inspector.roots);
  const protocolOverrides = new ProtocolOverrides(options.dataDir);
  let discovery: DiscoveryResult | undefined;
  let projectTrusted = false;
  // Issue 16: project servers whose definition is not approved as it is now (docs/trust.md).
  let pending: ReadonlyMap<string, PendingApproval> = new Map();
  let disposed = false;
  let liveReload: LiveReload | undefined;
  // One discovery/reconcile at a time: trust:grant and servers:addDefault must not interleave.
  let queue: Promise<unknown> = Promise.resolve();

  const emit = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    if (disposed) return;
    // Issue 9 item 4: every event (IPC, the web host's messages) through the one redaction rule.
    const to = [...listeners].filter(([, wants]) => !wants || wants(event));
    if (to.length === 0) return;
    if (!redactedWith(payload, auth.redactor.held())) payload = auth.redactor.redactValue(payload);
    for (const [listener] of to) {
      try {
        listener(event, payload);
      } catch {
        // A faulty subscriber must not break the others or the core.
      }
    }
  };

  // Issue 14 item 11: where secrets are kept, as chosen at start (the stores above were made so).
  const secretChoice = options.secrets ? undefined : secretStoreChoice(options.platform.env, options.dataDir);
  // Every list built is numbered (ServersSnapshot.revision): a face that receives an answer after a
  // newer event keeps the event's list. `core` tells a restarted owner's numbers from this one's.
  const revisionCore = randomUUID();
  let snapshotsBuilt = 0;
  const snapshot = (): ServersSnapshot =>
    buildSnapshot({
      revision: { core: revisionCore, seq: ++snapshotsBuilt },
      discovery: discovery ?? emptyDiscovery(),
      projectDir: options.projectDir,
      projectTrusted,
      runtime: (name): ServerRuntime | undefined => manager.runtime(name),
      gatewayInstances: (name) => gatewayInstances.of(name),
      only,
      manualStops: manualStops.names(),
      // Issue 14 item 11: where secrets are kept is part of the status (a chosen file store warns).
      secretStore: secretChoice,
      pending,
      pins: (name) => pins.view(name),
      findings: (name) => findings.get(name),
      listWarnings: (name) => inspector.listWarningText(name),
      // Issue 27: data files refused (links) or recovered (did not parse), in words.
      dataWarnings: dataFileProblems(options.dataDir),
    });

  const delay = extras.eventDelayMs ?? 50;
  const serversChanged = new Coalescer(() => emit('servers:changed', snapshot()), delay);
  const logBatch = new Batcher<LogEntry>((entries) => emit('logs:appended', entries), delay);

  const onStatus = (): void => serversChanged.poke();
  // After every tool call the manager announces the server's runtime with its latencies; when nothing
  // else of it changed, the snapshot may wait `CALL_STATS_WAIT` windows (~0.5 s): a burst of calls
  // no longer builds, redacts and sends a full snapshot to every face every 50 ms (docs/gateway.md
  // § Speed). Any other change of a runtime is announced within the window as before.
  const runtimeSeen = new Map<string, string>();
  const onRuntime = (rt?: ServerRuntime): void => {
    if (!rt) return serversChanged.poke();
    const now = JSON.stringify({ ...rt, recentLatencyMs: undefined, toolsCache: undefined });
    if (now === runtimeSeen.get(rt.name)) return serversChanged.poke(delay * CALL_STATS_WAIT);
    runtimeSeen.set(rt.name, now);
    serversChanged.poke();
  };
  const offDataProblems = onDataProblems(onStatus);
  const driftSeen = new Map<string, string>();
  // Issue 16 item 3: every connected server's texts scanned again when any listing changes
  // (another server's new tool name is evidence against the others).
  const findings = new Map<string, TextFinding[]>();
  // Each server's tool names as last listed: while it reconnects its list is empty, and its own
  // instructions naming its own tool must not read as naming another server's (trial 8 F12).
  const lastToolNames = new Map<string, ReadonlySet<string>>();
  const rescan = (): void => {
    const names = (discovery?.servers ?? []).map((d) => d.name);
    const toolsOf = new Map(names.map((n) => [n, manager.rawTools(n)]));
    for (const [n, tools] of toolsOf) if (tools.length > 0) lastToolNames.set(n, new Set(tools.map((t) => t.name)));
    findings.clear();
    for (const name of names) {
      const rt = manager.runtime(name);
      if (rt?.status !== 'connected') continue;
      const others = foreignToolNames(name, toolsOf, lastToolNames);
      findings.set(name, scanServerText({ tools: toolsOf.get(name) ?? [], instructions: rt.instructions }, others));
    }
  };
  const onTools = (server: string): void => {
    rescan();
    emit('tools:changed', { server });
    serversChanged.poke();
    // Issue 16 item 2: compare the listing with the pins; new drift is a channel entry.
    const listed = manager.rawTools(server);
    if (manager.runtime(server)?.status !== 'connected' || listed.length === 0) {
      pins.forget(server);
      return;
    }
    void pins.observe(server, listed).then(() => {
      const drift = pins.drift(server);
      const key = JSON.stringify(drift.map((d) => [d.tool, d.change, d.held]));
      if (drift.length > 0 && driftSeen.get(server) !== key) {
        channels.capture(server, auth.redactor.redactValue({ method: 'switchboard/tools_drift', params: { server, drift: drift.map((d) => ({ tool: d.tool, change: d.change, held: d.held, fields: d.changes.map((c) => c.field) })) } }));
      }
      driftSeen.set(server, key);
      if (drift.some((d) => d.held)) emit('tools:changed', { server });
      if (drift.length > 0) serversChanged.poke();
    });
  };
  const onLog = (entry: LogEntry): void => logBatch.push(entry);
  const traceBatch = new Batcher<TraceEntry>((entries) => emit('trace:appended', entries), delay);
  const onTrace = (entry: TraceEntry): void => traceBatch.push(entry);
  // Issue 13: every server notification is a channel entry. Only the data folder's owner (desktop
  // app, `serve`) writes channels.jsonl, keeps acks/pauses and fires trigger rules; a one-shot
  // core or the library keeps what it receives in memory.
  const owner = options.mode !== 'cli';
  const channels = new ChannelService({
    dataDir: options.dataDir,
    persist: owner,
    triggers: owner,
    watchTriggers: owner && (extras.watchConfig ?? true),
    emit: (event, payload) => emit(event, payload),
    heldValues: () => auth.redactor.held(),
    eventDelayMs: delay,
    allowList: (name) => allowListOf(discovery?.servers.find((s) => s.name === name)),
    // A rule's call is in the call history like a person's, tagged with the rule (issue 26 item 4).
    callTool: async (server, tool, args, rule) => {
      const startedAt = Date.now();
      const result = await manager.callTool(server, tool, args);
      emit('history:appended', inspector.history.record(args, startedAt, result, false, rule));
      return result;
    },
    onWarning: (text) => console.warn(`[channels] ${text}`),
    ...extras.channels,
  });
  const onNotification = (server: string, message: { method: string; params?: unknown }): void => void channels.capture(server, message);
  manager.on('notification', onNotification);
  manager.on('trace', onTrace);
  manager.on('status', onRuntime);
  manager.on('tools', onTools);
  manager.on('log', onLog);

  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** The discovery context of this core's project: the one place it is built (trust read now). */
  const discoveryContext = (): DiscoveryContext => ({
    ...options.platform,
    projectDir: options.projectDir,
    dataDir: options.dataDir,
    projectTrusted: trustStore.isTrusted(options.projectDir),
    // Issue #3: a stored ${input:} answer is not flagged unresolved (account names only).
    storedSecrets: () => secrets.accounts(),
    // Issue 31: a connected host's kept copy holds its moved secrets as keychain accounts.
    secretValue: (account) => secrets.get(account),
    ownWrites,
  });

  const discover = async (): Promise<void> => {
    const dctx = discoveryContext();
    projectTrusted = dctx.projectTrusted;
    discovery = await protocolOverrides.apply(await discoverServers(dctx));
    // Issue 26 item 1: secrets stored before bindings existed go to the servers.json definition
    // that references them (once); a secret several definitions share is said in status.
    await migrateSecretBindings(secretBindings, discovery.definitions ?? discovery.servers, secrets, projectTrusted);
    const bindingWarnings = secretBindings.warnings();
    if (bindingWarnings.length > 0) discovery = { ...discovery, warnings: [...discovery.warnings, ...bindingWarnings] };
    // A corrupt trust.json reads as nothing trusted: said as a config error naming it (attack pass).
    const trustProblem = trustStore.problem();
    if (trustProblem) discovery = { ...discovery, warnings: [...discovery.warnings, { file: trustStore.path, message: trustProblem, ...warningCode('trust-store-unreadable') }] };
    // Issue 16: a folder trusted before approvals existed migrates by approving what it has now.
    if (projectTrusted && trustStore.approvals(options.projectDir) === undefined) {
      await trustStore.approve(options.projectDir, approvalRecords(projectDefinitions(discovery), Date.now()), true).catch(() => undefined);
    }
    pending = pendingApprovals(discovery, projectTrusted, trustStore.approvals(options.projectDir));
    holdDefinitionSecrets(discovery.definitions ?? discovery.servers, values, auth, options.platform.env);
    try {
      extras.onDiscovered?.();
    } catch {
      // a test seam never breaks discovery
    }
  };

  /** Rediscover, then diff-and-apply in the manager; announce the new list. */
  const refresh = (): Promise<void> =>
    serialized(async () => {
      if (disposed) return;
      await discover();
      serversChanged.poke();
      if (disposed) return;
      if (discovery) gatewayInstances.prune(discovery.definitions ?? discovery.servers, new Set(discovery.files.map((f) => f.path)));
      await manager.reconcile(await manualStops.apply([...managedServers(discovery!, projectTrusted, only, pending), ...gatewayInstances.managed()]));
      serversChanged.poke();
    });

  const ensureDiscovered = async (): Promise<DiscoveryResult> => {
    if (!discovery) await serialized(async () => (discovery ? undefined : discover()));
    return discovery!;
  };

  const listener: { current?: ListenerFacts } = {};
  const ctx: CoreContext = {
    options,
    manager,
    trustStore,
    manualStops,
    auth,
    secretBindings,
    secrets,
    listener,
    ownWrites,
    discoveryContext,
    protocolOverrides,
    inspector,
    emit,
    snapshot,
    discovery: () => discovery,
    ensureDiscovered,
    refresh,
    serialized,
    pokeServersChanged: () => serversChanged.poke(),
    channels,
    pendingApprovals: () => pending,
    gatewayInstances,
  };

  const handlers = coreHandlers(ctx, pins, toolToggles, auth.redactor);

  return {
    handlers,
    subscribe(listener: EmitEvent, wants?: (event: EventName) => boolean, options?: { face?: boolean | (() => boolean) }): () => void {
      listeners.set(listener, wants);
      faces.set(listener, options?.face ?? true);
      return () => {
        const face = faces.get(listener);
        listeners.delete(listener);
        faces.delete(listener);
        if (face !== undefined && face !== false && ![...faces.values()].some(isFace)) inspector.broker.declineAll();
      };
    },
    handleOAuthCallback: (params) => auth.completeCallback(params),
    showNotifications: (confirmation) => emit('channels:open', confirmation ? { confirmation } : {}),
    handleInstallLink: async (url) => {
      const r = await handlers['install:preview']({ link: url });
      emit('install:requested', r.ok ? { preview: r.data } : { refused: r.error.message });
    },
    channels: {
      list: (q = {}) => channels.list(q).entries,
      subscribe: (listener) => channels.subscribe(listener),
    },
    childPids: () => manager.childPids(),
    gatewayAccess: (host, bearer) => gatewayAccess(secrets, host, bearer),
    gatewayToken: (host, renew) => gatewayToken(secrets, host, renew),
    setListener: (facts) => {
      listener.current = facts;
    },
    start: async () => {
      ensureDataDir(options.dataDir, options.platform.env);
      await refresh();
      if (!disposed && (extras.watchConfig ?? options.mode !== 'cli')) liveReload ??= startLiveReload(ctx);
    },
    settled: async () => {
      await queue;
      await manager.settled();
    },
    async dispose(): Promise<void> {
      if (disposed) return;
      disposed = true;
      liveReload?.close();
      offDataProblems();
      serversChanged.cancel();
      logBatch.cancel();
      traceBatch.cancel();
      manager.off('trace', onTrace);
      manager.off('notification', onNotification);
      manager.off('status', onStatus);
      manager.off('tools', onTools);
      manager.off('log', onLog);
      listeners.clear();
      faces.clear();
      inspector.dispose();
      await inspector.history.flush();
      await queue;
      await manager.dispose();
      await channels.dispose();
      await auth.dispose();
      // Writes nobody awaited (era memory, pins) finish before a one-shot CLI exits (issue 27).
      await settleDataWrites();
    },
  };
}
