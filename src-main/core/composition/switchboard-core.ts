/**
 * The core facade (ARCHITECTURE "one core, three faces"): discovery + workspace trust + the MCP
 * manager, exposed as the contract's handlers (src-shared/api/contract.ts) and events. Every face
 * (Electron, web host, CLI) composes exactly this. No electron import (ARCHITECTURE rule 1).
 * Parts: core-extras.ts (face knobs), core-handlers.ts (the handler groups), core-secrets.ts (values
 * held for redaction at discovery), core-events.ts (subscribers, the one emit, the manager's events).
 */
import type { EmitEvent, EventName } from '../../../src-shared/api/contract.js';
import { randomUUID } from 'node:crypto';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { discoverServers } from '../config/discovery.js';
import { TrustStore } from '../config/trust.js';
import type { DiscoveryContext, DiscoveryResult } from '../config/types.js';
import type { CoreContext, ListenerFacts } from '../handlers/context.js';
import { startLiveReload, type LiveReload } from '../config/live-reload.js';
import { ManualStops } from '../data/manual-stops.js';
import { ValueResolver } from '../mcp/connection/value-resolution.js';
import { secretRefResolverFor } from '../secrets/secret-refs.js';
import { migrateSecretBindings, SecretBindings } from '../secrets/secret-bindings.js';
import { AuthService } from '../auth/auth-service.js';
import { defaultSecretStore } from '../secrets/secret-store.js';
import { gatewayAccess, gatewayToken } from '../gateway/gateway-tokens.js';
import { secretStoreChoice } from '../secrets/file-secret-store.js';
import { ProtocolOverrides } from '../config/protocol-overrides.js';
import { StoredEraMemory } from '../mcp/client/era-memory.js';
import { StateStore } from '../data/state-store.js';
import { createInspectorServices } from '../mcp/inspector/inspector-services.js';
import { McpManager } from '../mcp/manager/manager.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import { approvalRecords, pendingApprovals, projectDefinitions } from '../trust/project-approvals.js';
import type { PendingApproval } from '../../../src-shared/api/approval.js';
import { ToolPinStore } from '../trust/tool-pins.js';
import { buildSnapshot, emptyDiscovery, managedServers } from '../facade/snapshot.js';
import { ensureDataDir } from '../data/data-dir.js';
import { dataFileProblems } from '../data/data-file-problems.js';
import { settleDataWrites } from '../data/data-files.js';
import { ChannelService } from '../channels/channel-service.js';
import { EventsService } from '../ext-events/events-service.js';
import { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import type { CoreOptions, SwitchboardCore } from '../facade/types.js';
import { OwnWrites } from '../files/own-writes.js';
import type { CoreExtras } from './core-extras.js';
import { holdDefinitionSecrets } from './core-secrets.js';
import { coreHandlers } from './core-handlers.js';
import { GatewayInstances } from '../gateway/gateway-instances.js';
import { createEventHub, wireManagerEvents, type FaceFlag } from './core-events.js';
import { allowListOf } from '../../../src-shared/channels/channel-names.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';
import { flushCallSpans } from '../mcp/logs/otlp-export.js';
import { rootsProjectDir } from '../mcp/connection/host-roots.js';

export type { CoreExtras } from './core-extras.js';

export { CALL_STATS_WAIT } from './core-events.js';

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
  // The subscribers and the one redacting emit (core-events.ts).
  const hub = createEventHub(() => auth.redactor);
  const emit = hub.emit;
  // Server requests wait for a person only while a face (a subscriber) is attached.
  const inspector = createInspectorServices({
    emit: (event, payload) => emit(event, payload),
    hasFace: hub.hasFace,
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
    env: options.platform.env,
  });
  const manualStops = new ManualStops(options.dataDir);
  // docs/auth.md: env/header values resolved at connect time; secret references from the keychain,
  // each only for the definitions it is bound to (issue 26 item 1, secret-bindings.json).
  const secretBindings = new SecretBindings(options.dataDir);
  const values = new ValueResolver({ env: options.platform.env, resolveSecretRef: secretRefResolverFor(secrets, secretBindings) });
  // Issue 16 item 2: tools as first listed, compared on every later listing.
  const pins = new ToolPinStore(options.dataDir, (value) => auth.redactor.redactValue(value));
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
    ...(extras.stdinGraceMs !== undefined ? { stdinGraceMs: extras.stdinGraceMs } : {}),
    values,
    auth,
    hooks: inspector.hooks,
    clientName: 'mcp-switchboard',
    clientVersion: options.version,
    baseEnv: options.platform.env,
    projectDir: rootsProjectDir(options),
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
      findings: (name) => events.findings(name),
      listWarnings: (name) => inspector.listWarningText(name),
      // Issue 27: data files refused (links) or recovered (did not parse), in words.
      dataWarnings: dataFileProblems(options.dataDir),
    });

  const delay = extras.eventDelayMs ?? 50;
  // The manager's and the data files' events to the contract's events (core-events.ts); `channels`
  // is read only when an event comes, after it is made below.
  const events = wireManagerEvents({
    manager,
    emit,
    snapshot,
    delayMs: delay,
    pins,
    serverNames: () => (discovery?.servers ?? []).map((d) => d.name),
    capture: (server, message) => void channels.capture(server, message),
    redactValue: (value) => auth.redactor.redactValue(value),
  });
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
      events.pokeServersChanged();
      if (disposed) return;
      if (discovery) gatewayInstances.prune(discovery.definitions ?? discovery.servers, new Set(discovery.files.map((f) => f.path)));
      await manager.reconcile(await manualStops.apply([...managedServers(discovery!, projectTrusted, only, pending), ...gatewayInstances.managed()]));
      events.pokeServersChanged();
    });

  const ensureDiscovered = async (): Promise<DiscoveryResult> => {
    if (!discovery) await serialized(async () => (discovery ? undefined : discover()));
    return discovery!;
  };

  const listener: { current?: ListenerFacts } = {};
  const appsSandboxes: { origin: string }[] = [];
  const stops: (() => void)[] = [];
  const ctx: CoreContext = {
    options,
    manager,
    trustStore,
    manualStops,
    auth,
    secretBindings,
    secrets,
    listener,
    appsSandboxes,
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
    pokeServersChanged: () => events.pokeServersChanged(),
    channels,
    pendingApprovals: () => pending,
    gatewayInstances,
    onDispose: (stop) => void stops.push(stop),
  };

  // Issue 34: Events subscriptions run in the data folder's owner; each occurrence is a channel entry.
  const eventsService = new EventsService({
    dataDir: options.dataDir,
    owner,
    manager,
    channels,
    emit: (event, payload) => emit(event, payload),
    redact: (value) => auth.redactor.redactValue(value),
    onWarning: (text) => console.warn(`[events] ${text}`),
  });
  const handlers = coreHandlers(ctx, pins, toolToggles, auth.redactor, eventsService);

  return {
    handlers,
    subscribe: (listener: EmitEvent, wants?: (event: EventName) => boolean, options?: { face?: FaceFlag }): (() => void) =>
      hub.subscribe(listener, wants, options?.face, () => inspector.broker.declineAll()),
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
    addAppsSandbox: (sandbox) => {
      const entry = { origin: sandbox.origin };
      appsSandboxes.push(entry);
      return () => {
        const at = appsSandboxes.indexOf(entry);
        if (at >= 0) appsSandboxes.splice(at, 1);
      };
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
      for (const stop of stops.splice(0)) stop();
      liveReload?.close();
      events.off();
      hub.close();
      inspector.dispose();
      await inspector.history.flush();
      await queue;
      await eventsService.dispose();
      await manager.dispose();
      await channels.dispose();
      await auth.dispose();
      // Writes nobody awaited (era memory, pins) finish before a one-shot CLI exits (issue 27).
      await settleDataWrites();
      // Spans still batched for an OTLP collector go out too (issue 35 item 4), bounded in time.
      await flushCallSpans();
    },
  };
}
