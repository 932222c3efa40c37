/**
 * The MCP Registry's read API, version `v0.1` (frozen and backward-compatible; issue 36 item 1,
 * docs/registry.md): `GET /v0.1/servers` (search, cursor paging, `updated_since`, `version=latest`),
 * `GET /v0.1/servers/{name}/versions` and `GET /v0.1/servers/{name}/versions/{version|latest}`, the
 * name and version URL-encoded as one path segment each. Global `fetch` with a timeout; an answer is
 * read whole up to 16 MiB. Failures are typed (`RegistryFetchError.kind`) so the caller can tell a
 * registry that is down (answer from the cache) from a name it does not know.
 */
import { KindedError } from './kinded-error.js';
import { readCapped } from '../files/read-capped.js';

/** Milliseconds a registry request may take (connect and body together). */
export const REGISTRY_TIMEOUT_MS = 10_000;
/** The largest answer read (bytes); a longer one is refused as `bad-answer`. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * Why a registry request failed: `down` (no connection, timeout, 5xx, 429 — try the cache),
 * `not-found` (404), `bad-request` (another 4xx, e.g. a stale cursor), `bad-answer` (not JSON, too big).
 */
export type RegistryFailureKind = 'down' | 'not-found' | 'bad-request' | 'bad-answer';

export class RegistryFetchError extends KindedError<RegistryFailureKind> {}

/** Query of `GET /v0.1/servers`. */
export interface ServerListQuery {
  search?: string;
  cursor?: string;
  limit?: number;
  /** RFC 3339: entries updated since then. */
  updatedSince?: string;
  /** `latest`: one entry per name (the registry's latest version). */
  version?: string;
}

/** The path and query of a server list request (`/v0.1/servers?search=…`); parameters in a fixed order. */
export function serversPath(q: ServerListQuery): string {
  const p = new URLSearchParams();
  if (q.search) p.set('search', q.search);
  if (q.cursor) p.set('cursor', q.cursor);
  if (q.limit !== undefined) p.set('limit', String(q.limit));
  if (q.updatedSince) p.set('updated_since', q.updatedSince);
  if (q.version) p.set('version', q.version);
  const qs = p.toString();
  return `/v0.1/servers${qs ? `?${qs}` : ''}`;
}

/** `/v0.1/servers/{name}/versions` (name URL-encoded, its slash too). */
export function versionsPath(name: string): string {
  return `/v0.1/servers/${encodeURIComponent(name)}/versions`;
}

/** `/v0.1/servers/{name}/versions/{version}` (`latest` for the latest). */
export function versionPath(name: string, version: string): string {
  return `${versionsPath(name)}/${encodeURIComponent(version)}`;
}

/**
 * GET `base` + `path` and parse the JSON answer. Rejects with `RegistryFetchError` only.
 * `timeoutMs` bounds the whole exchange.
 */
export async function registryGet(base: string, path: string, timeoutMs = REGISTRY_TIMEOUT_MS): Promise<unknown> {
  const url = `${base.replace(/\/+$/, '')}${path}`;
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal, redirect: 'follow' });
  } catch (err) {
    const timedOut = signal.aborted;
    throw new RegistryFetchError('down', timedOut ? `no answer within ${timeoutMs / 1000} s` : `could not connect (${causeOf(err)})`);
  }
  if (res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    throw new RegistryFetchError('not-found', 'not found (HTTP 404)');
  }
  if (res.status >= 500 || res.status === 429 || res.status === 408) {
    await res.body?.cancel().catch(() => undefined);
    throw new RegistryFetchError('down', `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }
  if (!res.ok) {
    const detail = await res.text().catch(() => '');
    throw new RegistryFetchError('bad-request', `HTTP ${res.status}${detailOf(detail)}`);
  }
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw new RegistryFetchError('bad-answer', `the answer is ${declared} bytes, more than ${MAX_ANSWER_BYTES}`);
  }
  let body: Buffer | undefined;
  try {
    body = await readCapped(res, MAX_ANSWER_BYTES);
  } catch (err) {
    throw new RegistryFetchError(signal.aborted ? 'down' : 'bad-answer', `the answer broke off (${causeOf(err)})`);
  }
  if (body === undefined) throw new RegistryFetchError('bad-answer', `the answer is more than ${MAX_ANSWER_BYTES} bytes`);
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RegistryFetchError('bad-answer', 'the answer is not JSON');
  }
}

/** A fetch failure's cause in words (undici puts the errno in `cause`). */
export function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/** The registry's own words of a 4xx (RFC 9457 `detail`/`title`), one line, bounded. */
function detailOf(body: string): string {
  try {
    const j = JSON.parse(body) as { detail?: unknown; title?: unknown };
    const d = typeof j.detail === 'string' ? j.detail : typeof j.title === 'string' ? j.title : undefined;
    return d ? `: ${d.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
