/**
 * One SDK transport per definition (docs/connections-supervision.md): stdio (our supervised transport, stdio-transport.ts),
 * Streamable HTTP, or HTTP+SSE (wrapped, http-supervision.ts). Values arrive already resolved (docs/auth.md is the config
 * layer's job); static auth variants become headers here. OAuth comes through the SDK's auth
 * provider in a later issue.
 */
import { StreamableHTTPClientTransport, type OAuthClientProvider, type Transport } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import { CoreError } from '../../facade/errors.js';
import { fetchNotingRedirects, SupervisedSseTransport, type FetchLike } from './http-supervision.js';
import { SupervisedStdioTransport } from './stdio-transport.js';
import { resolvesValues } from '../connection/value-resolution.js';
import { redactUrl } from '../../../../src-shared/redact-url.js';

/** The environment a stdio child gets: `baseEnv` (unset values dropped) overlaid with the server's `env`. */
export function childEnv(
  baseEnv: Record<string, string | undefined>,
  serverEnv: Record<string, string> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(baseEnv)) if (typeof value === 'string') env[key] = value;
  return { ...env, ...(serverEnv ?? {}) };
}

/**
 * HTTP headers of an `http`/`sse` definition: its `headers`, then the static auth variant
 * (`bearer` → `Authorization: Bearer …`, `basic` → `Authorization: Basic base64(user:pass)`,
 * `header` → `<name>: <value>`), which wins over a same-named header.
 */
export function buildHeaders(def: ServerDefinition): Record<string, string> {
  const headers: Record<string, string> = { ...(def.headers ?? {}) };
  const auth = def.auth;
  const setHeader = (name: string, value: string): void => {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    headers[name] = value;
  };
  if (auth?.type === 'bearer') setHeader('Authorization', `Bearer ${auth.token}`);
  else if (auth?.type === 'basic') setHeader('Authorization', `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`);
  else if (auth?.type === 'header') setHeader(auth.name, auth.value);
  return headers;
}

/** A created transport; `stdio` is set for stdio servers (stderr and exit info live there). */
export interface CreatedTransport {
  transport: Transport;
  stdio?: SupervisedStdioTransport;
  /** Set for SSE servers (its dropped stream closes the connection). */
  sse?: SupervisedSseTransport;
}

/**
 * Extra knobs of `createTransport` (an options object so later work adds fields, not parameters).
 */
export interface TransportOptions {
  /** Lifecycle notes for the server's log (redirects followed, …). */
  note?: (text: string) => void;
  /** OAuth: the SDK's auth provider for http/sse (the one writer of `Authorization`; issue #6). */
  authProvider?: OAuthClientProvider;
  /** Base fetch for http/sse (default the global fetch); redirects are noted around it. */
  fetch?: FetchLike;
  /** OAuth: skip the RFC 8414 issuer check (only for a 2025-03-26 server without resource metadata). */
  skipIssuerMetadataValidation?: boolean;
  /** stdio: ms between ending stdin and SIGTERM when stopping (default `STDIN_GRACE_MS`, 300). */
  stdinGraceMs?: number;
}

/**
 * Create (not start) the transport of `def`. stdio: stderr piped, the full child env, `cwd`.
 * Throws `CoreError('INVALID_CONFIG')` for a definition without its command/url or with a bad URL.
 */
export function createTransport(
  def: ServerDefinition,
  baseEnv: Record<string, string | undefined>,
  options: TransportOptions = {},
): CreatedTransport {
  if (def.transport === 'stdio') {
    if (!def.command) throw new CoreError('INVALID_CONFIG', `Invalid server config: "${def.name}" has no command`);
    const stdio = new SupervisedStdioTransport(
      {
        command: def.command,
        args: def.args ?? [],
        env: childEnv(baseEnv, def.env),
        cwd: def.cwd,
      },
      undefined,
      options.stdinGraceMs,
    );
    return { transport: stdio, stdio };
  }
  if (!def.url) throw new CoreError('INVALID_CONFIG', `Invalid server config: "${def.name}" has no url`);
  let url: URL;
  try {
    url = new URL(def.url);
  } catch {
    throw new CoreError('INVALID_CONFIG', `Invalid server config: "${def.name}" has an invalid url: ${def.url}`);
  }
  const requestInit: RequestInit = { headers: buildHeaders(def) };
  const fetch = options.note ? fetchNotingRedirects(options.note, options.fetch) : options.fetch;
  const common = {
    requestInit,
    ...(fetch ? { fetch } : {}),
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
    ...(options.skipIssuerMetadataValidation ? { skipIssuerMetadataValidation: true } : {}),
  };
  if (def.transport === 'sse') {
    const sse = new SupervisedSseTransport(url, common);
    return { transport: sse, sse };
  }
  return { transport: new StreamableHTTPClientTransport(url, common) };
}

/** The fields whose change requires a restart (docs/operator-verbs.md reload: nothing unchanged restarts). */
export function launchKey(def: ServerDefinition): string {
  // Whether docs/auth.md resolution applies (the source's host) changes what the values mean.
  return JSON.stringify([def.transport, def.command, def.args, sorted(def.env), def.cwd, def.url, sorted(def.headers), def.auth, resolvesValues(def), def.protocol ?? 'auto']);
}

/** A record's entries in key order, so a reordered file does not count as a change. */
function sorted(record: Record<string, string> | undefined): [string, string][] | undefined {
  return record && Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A URL inside an argument (`--url=https://…`). */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** A short, secret-free description of how a server is launched, for the log (URLs redacted with `redactUrl`). */
export function describeLaunch(def: ServerDefinition): string {
  // URLs can carry secrets (userinfo, ?api_key=…): masked here, since this text goes to the log.
  if (def.transport === 'stdio') return [def.command, ...(def.args ?? [])].map((a) => a?.replace(URL_IN_TEXT, (url) => redactUrl(url))).join(' ');
  return `${def.transport} ${redactUrl(def.url ?? '')}`;
}
