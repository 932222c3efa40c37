/**
 * A Streamable HTTP connect that a legacy HTTP+SSE server refused says so (trial 5 finding 10:
 * `switchboard add x --url http://…/sse` without `--transport sse` failed "Error POSTing to
 * endpoint: (HTTP 404)" with no hint). MCP 2025-03-26 § Backwards compatibility: a client that POSTs
 * to an old server gets 4xx (404/405 in practice); a GET to the same URL then opens an event stream
 * whose first event is `endpoint`. We do not switch transports behind the person's back (the config
 * says `http`); we tell them what to write. docs/connections-supervision.md § Transports.
 */
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { httpStatusOf } from './failure-text.js';
import { buildHeaders } from '../transport/transport-factory.js';

/** How long the GET that asks "is this an event stream?" may take (ms): only the headers are read. */
const PROBE_TIMEOUT_MS = 3_000;

/** The words of the hint; `why` says what gave the server away. */
export function legacySseText(why: string): string {
  return `This looks like a legacy HTTP+SSE server (${why}): set its transport to sse — add --transport sse to switchboard add, or "type": "sse" in its config.`;
}

/** Whether `url`'s path ends in `/sse` (a trailing slash allowed), the usual legacy endpoint. */
export function pathEndsInSse(url: string): boolean {
  try {
    return /\/sse\/?$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Whether a GET of `url` answers `text/event-stream` (read from the headers only; the stream is
 * cancelled at once). False on any failure or after PROBE_TIMEOUT_MS.
 */
async function answersEventStream(url: string, headers: Record<string, string>, fetchImpl: typeof fetch): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
  try {
    const res = await fetchImpl(url, { method: 'GET', headers: { ...headers, Accept: 'text/event-stream' }, signal: abort.signal, redirect: 'follow' });
    const type = res.headers.get('content-type') ?? '';
    await res.body?.cancel().catch(() => undefined);
    return res.ok && type.toLowerCase().startsWith('text/event-stream');
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/**
 * The hint for a failed connect of `def` when it looks like a legacy HTTP+SSE server, else
 * undefined: only for an `http` definition whose connect got HTTP 404 or 405; then a URL ending in
 * `/sse` is enough, otherwise one GET (headers only, 3 s at most) must answer `text/event-stream`.
 * Never throws.
 */
export async function legacySseHint(def: ServerDefinition, err: unknown, fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  if (def.transport !== 'http' || !def.url) return undefined;
  const status = httpStatusOf(err);
  if (status !== 404 && status !== 405) return undefined;
  if (pathEndsInSse(def.url)) return legacySseText(`a Streamable HTTP POST got ${status} and the URL ends in /sse`);
  if (await answersEventStream(def.url, buildHeaders(def), fetchImpl)) return legacySseText(`a Streamable HTTP POST got ${status} and a GET of the URL answers an event stream`);
  return undefined;
}
