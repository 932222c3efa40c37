/**
 * The renderer's one store (ARCHITECTURE rule 5: main is the source of truth, the renderer a
 * mirror). Fed by one subscription per event: `servers:changed` replaces the snapshot,
 * `tools:changed` re-fetches every server's tools (names are assigned across servers),
 * `logs:appended` appends to the per-server log buffers. On start it fetches `servers:list` and
 * `tools:list`, so a reloaded page catches up. Lists may arrive out of order (an answer overtaken by
 * an event); the one the core built last wins (`ServersSnapshot.revision`).
 */
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import type { ApiError } from '../../../src-shared/api/envelope.js';
import { isOlderSnapshot, type LogEntry, type ServersSnapshot, type ToolInfo } from '../../../src-shared/api/status.js';
import type { ConnectionState } from '../api/web-client.js';
import { createFrameBatch, type FrameScheduler } from '../lib/frame-batch.js';

/** Log lines kept per server in the renderer (the main side keeps its own ring buffer). */
export const MAX_LOG_LINES = 2000;

/** What the UI renders. Replaced (never mutated) on every change. */
export interface StoreState {
  connection: ConnectionState;
  /**
   * How many times the wire came back after a loss (a blip, or the owner restarted with its kept
   * token and port). Views that fetch their own lists (notifications, call history, pending
   * requests, a server's tasks, resources and prompts) fetch them again when it changes; the
   * stores are refreshed by the client's resync (web-client.ts).
   */
  resyncs: number;
  snapshot?: ServersSnapshot;
  /** The last failure of `servers:list`, shown instead of the list. */
  loadError?: ApiError;
  /** Tools per raw server name. */
  tools: Record<string, ToolInfo[]>;
  /** Log lines per raw server name, ascending `seq`. */
  logs: Record<string, LogEntry[]>;
}

/** The store: read, follow, and a few actions that go through the API. */
export interface SwitchboardStore {
  getState(): StoreState;
  subscribe(listener: () => void): () => void;
  /** Fetch `servers:list` now. */
  refresh(): Promise<void>;
  /** Fetch the tools of one server, or of all when `server` is undefined. */
  refreshTools(server?: string): Promise<void>;
  /** Fetch log lines of `server` newer than the ones held (`logs:get` with `afterSeq`). */
  loadLogs(server: string): Promise<void>;
  /** Apply a snapshot returned by an action (`trust:grant`, `servers:addDefault`). */
  applySnapshot(snapshot: ServersSnapshot): void;
  /** Unsubscribe from every event. */
  dispose(): void;
}

/** Merge new log lines into a buffer: dedupe by `seq`, keep ascending order, cap the length. */
export function mergeLogs(existing: LogEntry[], incoming: LogEntry[], max = MAX_LOG_LINES): LogEntry[] {
  if (incoming.length === 0) return existing;
  const last = existing.length ? existing[existing.length - 1]!.seq : -1;
  let merged: LogEntry[];
  if (incoming.every((e) => e.seq > last)) {
    merged = existing.concat([...incoming].sort((a, b) => a.seq - b.seq));
  } else {
    const bySeq = new Map<number, LogEntry>();
    for (const e of existing) bySeq.set(e.seq, e);
    for (const e of incoming) bySeq.set(e.seq, e);
    merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/**
 * Create the store over an API and its connection state. Subscribes at once and starts the first
 * fetch; call `dispose()` to unsubscribe. Live log lines are applied once per frame (`options.frame`,
 * default the next animation frame).
 */
export function createSwitchboardStore(
  api: SwitchboardApi,
  connection: { state: ConnectionState; onConnection(l: (s: ConnectionState) => void): () => void },
  options: { frame?: FrameScheduler } = {},
): SwitchboardStore {
  let state: StoreState = { connection: connection.state, resyncs: 0, tools: {}, logs: {} };
  let everOpen = connection.state === 'open';
  const listeners = new Set<() => void>();
  const set = (patch: Partial<StoreState>): void => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  const applySnapshot = (snapshot: ServersSnapshot): void => {
    // An answer fetched before an event that overtook it (the fetch-then-follow race; the client's
    // resync) is older than what is shown: the core's revision says so, and it is dropped.
    if (isOlderSnapshot(state.snapshot, snapshot)) return;
    // Drop tools of servers that are gone, so a removed server leaves no stale tools behind.
    const names = new Set(snapshot.servers.map((s) => s.server.name));
    const tools: Record<string, ToolInfo[]> = {};
    for (const [name, list] of Object.entries(state.tools)) if (names.has(name)) tools[name] = list;
    set({ snapshot, loadError: undefined, tools });
  };

  const refresh = async (): Promise<void> => {
    const r = await api.call('servers:list', {});
    if (r.ok) applySnapshot(r.data);
    else if (!state.snapshot) set({ loadError: r.error });
  };

  const refreshTools = async (server?: string): Promise<void> => {
    // Issue 32: the window is not an agent: tools off for agents are listed too, marked.
    const r = await api.call('tools:list', server ? { server, offForAgents: true } : { offForAgents: true });
    if (server) {
      set({ tools: { ...state.tools, [server]: r.ok ? r.data : [] } });
      return;
    }
    if (!r.ok) return;
    const tools: Record<string, ToolInfo[]> = {};
    for (const s of state.snapshot?.servers ?? []) tools[s.server.name] = [];
    for (const t of r.data) (tools[t.server] ??= []).push(t);
    set({ tools });
  };

  // Servers whose buffered history (main's ring buffer) has been fetched once. Until then the
  // lines held are only the live ones that arrived meanwhile, so `afterSeq` would skip the rest.
  const historyLoaded = new Set<string>();
  const loadLogs = async (server: string): Promise<void> => {
    logBatch.flushNow();
    const have = state.logs[server] ?? [];
    const afterSeq = historyLoaded.has(server) && have.length ? have[have.length - 1]!.seq : undefined;
    const r = await api.call('logs:get', afterSeq === undefined ? { server } : { server, afterSeq });
    if (!r.ok) return;
    historyLoaded.add(server);
    // Merge by seq with whatever arrived live while the request was out: no duplicates, no gaps.
    set({ logs: { ...state.logs, [server]: mergeLogs(state.logs[server] ?? [], r.data) } });
  };

  const logBatch = createFrameBatch<LogEntry>((entries) => {
    const byServer = new Map<string, LogEntry[]>();
    for (const e of entries) {
      const list = byServer.get(e.server) ?? [];
      list.push(e);
      byServer.set(e.server, list);
    }
    const logs = { ...state.logs };
    for (const [server, list] of byServer) logs[server] = mergeLogs(logs[server] ?? [], list);
    set({ logs });
  }, options.frame);
  const offs = [
    api.on('servers:changed', applySnapshot),
    // Agent-visible names are assigned across all servers (docs/tool-bridge.md collisions: `_2`, `_3`…), so one
    // server's change can rename another's tools: refetch them all.
    api.on('tools:changed', () => void refreshTools()),
    // Lines reach the store once per frame, however many events brought them (issue 13).
    api.on('logs:appended', (entries) => logBatch.push(entries)),
    connection.onConnection((c) => {
      // Lines may have been missed while the wire was down: fetch each log's history again.
      if (c !== 'open') historyLoaded.clear();
      const back = c === 'open' && everOpen && state.connection !== 'open';
      if (c === 'open') everOpen = true;
      set({ connection: c, ...(back ? { resyncs: state.resyncs + 1 } : {}) });
    }),
  ];

  void refresh().then(() => refreshTools());

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    refreshTools,
    loadLogs,
    applySnapshot,
    dispose() {
      for (const off of offs) off();
      logBatch.cancel();
      listeners.clear();
    },
  };
}
