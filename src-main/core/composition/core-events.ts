/**
 * The core's event wiring, kept out of the composition root (switchboard-core.ts):
 * - `createEventHub`: the subscribers (faces, the gateway's doors, the owner's bookkeeping), the one
 *   `emit` every event goes through (redacted with the held secrets, ARCHITECTURE issue 9 item 4), and
 *   whether a face is attached (server requests wait for a person only then).
 * - `wireManagerEvents`: the manager's `notification`/`trace`/`status`/`tools`/`log` events and the
 *   data-file problems turned into the contract's events: `servers:changed` (coalesced, `delayMs`;
 *   `CALL_STATS_WAIT` windows when a call's latencies are all that changed), `tools:changed` (at
 *   once), `logs:appended` and `trace:appended` (batched `delayMs`), channel entries for
 *   notifications and new pin drift, and the suspicious-text findings rescanned on every listing.
 * Behaviour is the core's (docs/gateway.md § Speed, docs/trust.md); this file only holds it.
 */
import type { EmitEvent, EventName, EventPayload } from '../../../src-shared/api/contract.js';
import type { LogEntry } from '../../../src-shared/api/status.js';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import type { TextFinding } from '../../../src-shared/api/findings.js';
import { redactedWith } from '../redaction/redacted-payloads.js';
import { Batcher, Coalescer } from '../events/event-batcher.js';
import { onDataProblems } from '../data/data-file-problems.js';
import { foreignToolNames, scanServerText } from '../trust/suspicious-text.js';
import type { McpManager } from '../mcp/manager/manager.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import type { ToolPinStore } from '../trust/tool-pins.js';
import type { SecretRedactor } from '../redaction/secret-redactor.js';

/** How many coalescing windows a `servers:changed` that only brings a call's latencies may wait (×50 ms: 0.5 s). */
export const CALL_STATS_WAIT = 10;

/** What redacts an event: the values held as secrets now, and the redaction of a value. */
type Redactor = Pick<SecretRedactor, 'held' | 'redactValue'>;

/** Whether a subscriber answers server requests now (`true`, `false`, or asked each time). */
export type FaceFlag = boolean | (() => boolean);

/** The subscribers and the one emit of a core. */
export interface EventHub {
  /** Send `payload` (redacted unless already) to every subscriber that wants `event`; nothing after `close()`. A throwing subscriber is skipped. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Add a subscriber (`face` default `true`); the returned function removes it and calls `onNoFace` when it was the last face. */
  subscribe(listener: EmitEvent, wants: ((event: EventName) => boolean) | undefined, face: FaceFlag | undefined, onNoFace: () => void): () => void;
  /** Whether any subscriber is a face now. */
  hasFace(): boolean;
  /** Stop emitting and forget every subscriber (the core's dispose). */
  close(): void;
}

/** The hub; `redactor()` is read at each emit (the auth service is made after the hub). */
export function createEventHub(redactor: () => Redactor): EventHub {
  const listeners = new Map<EmitEvent, ((event: EventName) => boolean) | undefined>();
  // Whether each subscriber answers server requests now: false for the gateway's HTTP door and its
  // relays and the owner's own bookkeeping; a function for the web host (a face while a window or a
  // CLI verb is connected to it, not while only gateway doors are).
  const faces = new Map<EmitEvent, FaceFlag>();
  const isFace = (f: FaceFlag): boolean => (typeof f === 'function' ? f() : f);
  let closed = false;
  return {
    emit(event, payload) {
      if (closed) return;
      // Issue 9 item 4: every event (IPC, the web host's messages) through the one redaction rule.
      const to = [...listeners].filter(([, wants]) => !wants || wants(event));
      if (to.length === 0) return;
      const r = redactor();
      if (!redactedWith(payload, r.held())) payload = r.redactValue(payload);
      for (const [listener] of to) {
        try {
          listener(event, payload);
        } catch {
          // A faulty subscriber must not break the others or the core.
        }
      }
    },
    subscribe(listener, wants, face, onNoFace) {
      listeners.set(listener, wants);
      faces.set(listener, face ?? true);
      return () => {
        const was = faces.get(listener);
        listeners.delete(listener);
        faces.delete(listener);
        if (was !== undefined && was !== false && ![...faces.values()].some(isFace)) onNoFace();
      };
    },
    hasFace: () => [...faces.values()].some(isFace),
    close() {
      closed = true;
      listeners.clear();
      faces.clear();
    },
  };
}

/** What `wireManagerEvents` connects. */
export interface ManagerEventsDeps {
  manager: McpManager;
  emit: EventHub['emit'];
  /** The list `servers:changed` carries, built when the coalesced event fires. */
  snapshot: () => EventPayload<'servers:changed'>;
  /** The coalescing/batching window, ms. */
  delayMs: number;
  pins: ToolPinStore;
  /** Names of the discovered servers (rescanned on every listing). */
  serverNames: () => string[];
  /** A server message into the channels (notifications; pin drift). */
  capture: (server: string, message: { method: string; params?: unknown }) => void;
  redactValue: <T>(value: T) => T;
}

/** The wired events: the findings they keep, the `servers:changed` poke, and `off()` (the core's dispose). */
export interface ManagerEvents {
  findings(server: string): TextFinding[] | undefined;
  /** Announce `servers:changed` within `delayMs` (or `ms`). */
  pokeServersChanged(ms?: number): void;
  /** Cancel pending events and unhook every listener. */
  off(): void;
}

/** Connect the manager's and the data files' events to `emit` (see the file's docstring). */
export function wireManagerEvents(d: ManagerEventsDeps): ManagerEvents {
  const { manager, emit, delayMs: delay, pins } = d;
  const serversChanged = new Coalescer(() => emit('servers:changed', d.snapshot()), delay);
  const logBatch = new Batcher<LogEntry>((entries) => emit('logs:appended', entries), delay);
  const traceBatch = new Batcher<TraceEntry>((entries) => emit('trace:appended', entries), delay);

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
    const names = d.serverNames();
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
      const key = JSON.stringify(drift.map((x) => [x.tool, x.change, x.held]));
      if (drift.length > 0 && driftSeen.get(server) !== key) {
        d.capture(server, d.redactValue({ method: 'switchboard/tools_drift', params: { server, drift: drift.map((x) => ({ tool: x.tool, change: x.change, held: x.held, fields: x.changes.map((c) => c.field) })) } }));
      }
      driftSeen.set(server, key);
      if (drift.some((x) => x.held)) emit('tools:changed', { server });
      if (drift.length > 0) serversChanged.poke();
    });
  };
  const onLog = (entry: LogEntry): void => logBatch.push(entry);
  const onTrace = (entry: TraceEntry): void => traceBatch.push(entry);
  const onNotification = (server: string, message: { method: string; params?: unknown }): void => d.capture(server, message);
  manager.on('notification', onNotification);
  manager.on('trace', onTrace);
  manager.on('status', onRuntime);
  manager.on('tools', onTools);
  manager.on('log', onLog);

  return {
    findings: (server) => findings.get(server),
    pokeServersChanged: (ms) => serversChanged.poke(ms),
    off() {
      offDataProblems();
      serversChanged.cancel();
      logBatch.cancel();
      traceBatch.cancel();
      manager.off('trace', onTrace);
      manager.off('notification', onNotification);
      manager.off('status', onRuntime);
      manager.off('tools', onTools);
      manager.off('log', onLog);
    },
  };
}
