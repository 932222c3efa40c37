/**
 * Pure helpers of `ServerConnection` (connection.ts): failure classification, secret collection
 * for trace redaction, closing a live client, and `tools/list` to the end.
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, UnauthorizedError, type Client, type Tool, type Transport } from '@modelcontextprotocol/client';
import { httpStatusOf, isConnectionClosed } from './failure-text.js';
import { AnyResultSchema } from './tool-bridge.js';
import { observeList } from './response-cache.js';
import { withExclusions, type ExcludedTool } from './tool-headers.js';
import type { ListCacheState } from '../../../src-shared/api/list-cache.js';
import { collectPages, listWarning, MAX_LIST_PAGES } from './list-pages.js';

/** Pages of `tools/list` followed at most. */
export const MAX_TOOL_PAGES = MAX_LIST_PAGES;

/** What closing needs of a live connection. */
export interface ClosableLive {
  client: Client;
  transport: Transport;
  abort: AbortController;
  disposeClient: () => void;
  /** A modern connection's `subscriptions/listen` stream, closed first. */
  listen?: { close(): void };
}

export function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** A Streamable HTTP 404 on a request that carried a session id (docs/connections-supervision.md: the session expired). */
export function isSessionExpired(live: { transport: Transport }, err: unknown): boolean {
  return (
    err instanceof SdkHttpError &&
    err.status === 404 &&
    live.transport instanceof StreamableHTTPClientTransport &&
    live.transport.sessionId !== undefined
  );
}

/** HTTP 401/403 (kept with the typed outcomes, failure-code.ts). */
export { isAuthFailure } from './failure-code.js';

/** A failure of the HTTP wire itself: fetch failed, an HTTP error status, or a closed transport. */
export function isTransportFailure(err: unknown): boolean {
  if (err instanceof ProtocolError || !(err instanceof Error)) return false;
  if (err instanceof TypeError) return true; // undici: "fetch failed"
  const status = httpStatusOf(err);
  if (status !== undefined && status >= 400 && status < 600) return true;
  if (err instanceof SdkError && (err.code === SdkErrorCode.SendFailed || err.code === SdkErrorCode.ClientHttpFailedToOpenStream)) return true;
  if (isConnectionClosed(err) && err.message === 'Not connected') return true;
  // The SSE transport wraps a refused or cut connection in its own error (issue 14 item 5).
  return /fetch failed|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|other side closed|socket hang up/i.test(err.message);
}

/** Close a live client quietly (its transport too, even mid-probe) and stop its task store timers. */
export async function closeLive(live: ClosableLive): Promise<void> {
  live.listen?.close();
  live.abort.abort();
  try {
    await live.client.close();
  } catch {
    // Closing a half-open transport can fail; the process-tree kill below it has already run.
  }
  try {
    // During the era probe the client has not taken the transport over yet: close it ourselves
    // (idempotent once the client closed it).
    await live.transport.close();
  } catch {
    // already closed
  }
  live.disposeClient();
}

/** More of `listAllTools`: 2026-07-28 connections only. */
export interface ListToolsExtras {
  /** Tools the SDK left out for an invalid `x-mcp-header` declaration (docs/protocol-eras.md), each with the SDK's reason. */
  onExcluded?: (excluded: ExcludedTool[]) => void;
  /** `refresh`: fetch even when the held list is still fresh (a person asked, or changes may have gone unheard). Default `use`. */
  cacheMode?: 'use' | 'refresh';
  /** How the list was served (absent: not held, e.g. a bypass). */
  onCache?: (cache: ListCacheState | undefined) => void;
}

/**
 * `tools/list` to the end: follows `nextCursor`, stops on an empty or repeated cursor, at most
 * `MAX_TOOL_PAGES` pages. A server without the tools capability has no tools. `onLatency` gets
 * each page's round trip (ms).
 *
 * On a 2026-07-28 connection the SDK's `listTools()` does the walk instead (issue 12 items 3-4): it
 * leaves out tools with an invalid `x-mcp-header` declaration (reported through
 * `extras.onExcluded`), keeps the list the SDK's `callTool()` mirrors `Mcp-Param-*` headers from,
 * and serves a list still fresh by its `ttlMs` without a round trip (`onLatency` is then not called).
 */
export async function listAllTools(
  client: Client,
  timeoutMs: number,
  onLatency?: (ms: number) => void,
  onRepeat?: (warning: string) => void,
  extras: ListToolsExtras = {},
): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  if (client.getProtocolEra() === 'modern') return listModernTools(client, timeoutMs, onLatency, extras);
  const walk = await collectPages(
    async (cursor) => {
      const started = performance.now();
      const result = (await requestPage(client, 'tools/list', cursor, timeoutMs)) as { tools: Tool[]; nextCursor?: string };
      onLatency?.(performance.now() - started);
      return { items: result.tools, nextCursor: result.nextCursor };
    },
    MAX_TOOL_PAGES,
    // Issue 14 item 7: a server that pages wrongly sends tools again; keep the first of each name.
    (t) => t.name,
  );
  const warning = listWarning('tools/list', 'tool', { ...walk, count: walk.items.length });
  if (warning) onRepeat?.(warning);
  return walk.items;
}

/** `listAllTools` on a 2026-07-28 connection: the SDK's walk, cache and `x-mcp-header` rule; duplicates by name dropped. */
async function listModernTools(client: Client, timeoutMs: number, onLatency: ((ms: number) => void) | undefined, extras: ListToolsExtras): Promise<Tool[]> {
  const started = performance.now();
  const { value, excluded } = await withExclusions(() =>
    observeList(client, 'tools/list', () => client.listTools(undefined, { timeout: timeoutMs, cacheMode: extras.cacheMode ?? 'use' })),
  );
  // A list served from the cache made no round trip: no latency to record.
  if (value.fetched) onLatency?.(performance.now() - started);
  extras.onCache?.(value.cache);
  if (excluded.length > 0 || value.fetched) extras.onExcluded?.(excluded);
  const names = new Set<string>();
  return value.value.tools.filter((t) => !names.has(t.name) && names.add(t.name));
}

/**
 * One page of a paginated list (`tools/list`, `resources/list`…), as the server sent it. The SDK's
 * `listTools()` and friends walk every page themselves when no cursor is given and throw past 64
 * pages; we page ourselves so a repeated cursor ends the list instead (and the cap is ours).
 */
export async function requestPage(client: Client, method: string, cursor: string | undefined, timeoutMs: number): Promise<Record<string, unknown>> {
  return client.request({ method, params: cursor === undefined ? {} : { cursor } }, AnyResultSchema, { timeout: timeoutMs });
}

/**
 * A runner of `task` where calls made while it runs fold into ONE more run after it (e.g. a burst
 * of `tools/list_changed` → at most two `tools/list`). Every call resolves only after a run that
 * began after the call: a person's refresh never gets the answer of a list that was already in
 * flight (it once did, in the moment between a run's end and its clean-up). `task` returns false
 * when the connection it served is gone (a queued run then finds that out and stops at once).
 */
export function coalescing(task: () => Promise<boolean>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running) {
      // `running` settles after its clean-up, so the queued run starts on a clear slate.
      const next = (): Promise<void> => {
        queued = undefined;
        return run();
      };
      queued ??= running.then(next, next);
      return queued;
    }
    running = task()
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return run;
}
