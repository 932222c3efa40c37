/**
 * Shapes of `ServerConnection` (connection.ts): the services it is given, its events, and one live
 * (connecting or connected) client with its transport.
 */
import type { Client, Transport } from '@modelcontextprotocol/client';
import type { RestartPolicy } from '../manager/backoff.js';
import type { ClientHooks } from '../client/client-hooks.js';
import type { ConnectionAuth } from './connection-auth.js';
import type { EraMemory } from '../client/era-memory.js';
import type { LogStore } from '../logs/log-buffer.js';
import type { TraceStore } from '../logs/trace-store.js';
import type { SupervisedStdioTransport } from '../transport/stdio-transport.js';
import type { ValueResolver } from './value-resolution.js';

/** Shared services a connection needs. */
export interface ConnectionOptions {
  clientName: string;
  clientVersion: string;
  baseEnv: Record<string, string | undefined>;
  projectDir?: string;
  logs: LogStore;
  /** Inspector hooks handed to every client (broker, roots, notices). */
  hooks?: ClientHooks;
  /** Restart policy (default docs/connections-supervision.md: 500 ms → 30 s, 5 failed starts). */
  restart?: RestartPolicy;
  /** docs/auth.md value resolution; values pass through untouched when absent. */
  values?: ValueResolver;
  /** JSON-RPC trace store; nothing is traced when absent. */
  trace?: TraceStore;
  /** OAuth and secret redaction (issue 6); no auth when absent. */
  auth?: ConnectionAuth;
  /** Negotiated protocol eras per definition (issue 10); every connect probes when absent. */
  eras?: EraMemory;
  /** stdio stop: ms between ending stdin and SIGTERM (default `STDIN_GRACE_MS`; one-shot CLI cores pass less). */
  stdinGraceMs?: number;
}

/** Events of one connection (the manager re-emits them with its own shapes). */
export interface ConnectionEvents {
  status: [];
  tools: [];
}

/** A server that is connecting or connected right now. */
export interface Live {
  client: Client;
  transport: Transport;
  stdio?: SupervisedStdioTransport;
  disposeClient: () => void;
  abort: AbortController;
  /** The `subscriptions/listen` stream of a modern connection (listen-stream.ts). */
  listen?: { close(): void };
  /** Set by a dropped SSE stream (the close that follows is reported with it). */
  dropReason?: string;
  /** While `on`, requests sent are left out of the trace (the keep-alive's probes, rpc-trace.ts). */
  quiet?: { on: boolean };
  /** The keep-alive of a connected server (remote-keepalive.ts). */
  keepAlive?: import('./remote-keepalive.js').KeepAlive;
  /** Where the last `tools/list` reply and `tools/list_changed` came in (list-order.ts). */
  listOrder?: import('./list-order.js').ListOrder;
}
