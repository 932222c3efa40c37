/**
 * The services one manager shares with all its connections (manager.ts): the log and trace stores
 * (one redaction rule for both, issue 9 item 4), the value resolver, the protocol-era memory, and the
 * `ConnectionOptions` every `ServerConnection` is built with. Defaults are `McpManagerOptions`'.
 */
import { DEFAULT_LOG_CAPACITY, LogStore } from '../logs/log-buffer.js';
import { DEFAULT_TRACE_CAPACITY, TraceStore } from '../logs/trace-store.js';
import { StoredEraMemory, type EraMemory } from '../client/era-memory.js';
import { redactText, secretValues } from '../../../../src-shared/redaction.js';
import { ValueResolver } from '../connection/value-resolution.js';
import type { ConnectionOptions } from '../connection/connection-types.js';
import type { LogEntry } from '../../../../src-shared/api/status.js';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import type { McpManagerOptions } from './manager-options.js';

/** No held values (a manager without auth). */
const NO_HELD_VALUES = secretValues([]);

/** Where the stores report what they take in (the manager re-emits each as its event of the same name). */
export interface ServiceEvents {
  log(entry: LogEntry): void;
  trace(entry: TraceEntry): void;
  /** Whether `trace` has a listener now (the trace then makes each entry's text only when read). */
  traceListened?(): boolean;
  notification(server: string, message: { method: string; params?: unknown }): void;
}

/** What `managerServices` builds. */
export interface ManagerServices {
  logStore: LogStore;
  traceStore: TraceStore;
  /** docs/auth.md resolver; its cache lives until `restart()` of every server (a fresh context). */
  values: ValueResolver;
  eras: EraMemory;
  /** Handed to every `ServerConnection` the manager creates. */
  connection: ConnectionOptions;
}

/** Build a manager's services from its options; the stores report to `events`. */
export function managerServices(options: McpManagerOptions, events: ServiceEvents): ManagerServices {
  const baseEnv = options.baseEnv ?? process.env;
  const values = options.values ?? new ValueResolver({ env: baseEnv });
  // Issue 9 item 4: one redaction rule for logs and the trace, with the secrets the core holds.
  const redactLine = (text: string): string => (options.auth ? options.auth.redact(text) : redactText(text));
  const traceStore = new TraceStore({
    capacity: options.traceCapacity ?? DEFAULT_TRACE_CAPACITY,
    onEntry: (entry) => events.trace(entry),
    listening: () => events.traceListened?.() ?? true,
    redact: redactLine,
    // Without auth `redactLine` holds no values; with it, the same values the text pass would use.
    ...(options.auth ? (options.auth.heldValues ? { heldValues: options.auth.heldValues.bind(options.auth) } : {}) : { heldValues: () => NO_HELD_VALUES }),
    // The trace redacted it with `heldValues` already (rpc-trace.ts); without them, the auth's own pass.
    onServerNotification: (server, message) => events.notification(server, !options.auth?.heldValues && options.auth?.redactValue ? options.auth.redactValue(message) : message),
  });
  const logStore = new LogStore({
    capacity: options.logCapacity ?? DEFAULT_LOG_CAPACITY,
    onEntry: (entry) => events.log(entry),
    redact: redactLine,
  });
  const eras = options.eras ?? new StoredEraMemory();
  const connection: ConnectionOptions = {
    clientName: options.clientName ?? 'mcp-switchboard',
    clientVersion: options.clientVersion ?? '0.0.0',
    baseEnv,
    projectDir: options.projectDir,
    logs: logStore,
    hooks: options.hooks,
    restart: options.restart,
    ...(options.stdinGraceMs !== undefined ? { stdinGraceMs: options.stdinGraceMs } : {}),
    values,
    trace: traceStore,
    auth: options.auth,
    eras,
  };
  return { logStore, traceStore, values, eras, connection };
}
