/**
 * The first half of a connect attempt (connection.ts): resolve the definition's values (docs/auth.md),
 * prepare auth (issue 6), then build the SDK client and the transport, traced when a trace store is
 * given. Nothing is spawned or connected until the caller connects the client.
 */
import { HttpExchanges } from '../transport/http-exchange.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DEFAULT_TIMEOUT_MS, type ProtocolMode, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { CoreError } from '../../facade/errors.js';
import { createMcpClient } from '../client/client-factory.js';
import { hostRoots } from './host-roots.js';
import { secretsToRemember } from './connection-auth.js';
import type { ConnectionOptions, Live } from './connection-types.js';
import { probeTimeoutMs } from '../client/connection-era.js';
import { addTraceparent } from '../logs/trace-context.js';
import { addRequestMeta } from '../client/request-meta.js';
import { traceTransport } from '../logs/rpc-trace.js';
import { tapListOrder } from './list-order.js';
import { reissueLostRequests } from '../transport/stream-reissue.js';
import { createTransport } from '../transport/transport-factory.js';
import { withUrlCredentials } from './url-credentials.js';
import type { DroppedValue } from './value-resolution.js';

/** Per-attempt callbacks of `prepareLive`. */
export interface LaunchHooks {
  server: string;
  /** A system note in the server's log. */
  note: (text: string) => void;
  /** Whether the attempt is still the current one (checked after values resolve). */
  isCurrent: () => boolean;
  /** The values left out of this launch (unset env names…), told before they are noted. */
  onDropped: (dropped: DroppedValue[]) => void;
  /** The protocol setting of this attempt (`protocolFor`, connection-era.ts). */
  protocol: ProtocolMode;
}

/** What a prepared attempt connects with. */
export interface PreparedLive {
  live: Live;
  transport: Live['transport'];
  /** The SSE transport, when the server uses SSE (its dropped-stream hook is set by the caller). */
  sse: ReturnType<typeof createTransport>['sse'];
}

/**
 * Resolve and build one attempt's client and transport. Undefined (the client disposed) when the
 * attempt stopped being current while values resolved. Throws what transport creation throws
 * (e.g. `CoreError('INVALID_CONFIG')` for a stdio server without a command).
 */
export async function prepareLive(def: ServerDefinition, options: ConnectionOptions, hooks: LaunchHooks): Promise<PreparedLive | undefined> {
  const timeoutMs = def.timeout ?? DEFAULT_TIMEOUT_MS;
  const handle = createMcpClient({
    protocol: hooks.protocol,
    probeTimeoutMs: probeTimeoutMs(def, timeoutMs),
    name: options.clientName,
    version: options.clientVersion,
    // Issue 14 item 3: the roots the server's own host gives it (docs/roots.md).
    defaultRoots: hostRoots(def.source.host, options.projectDir),
    note: hooks.note,
    server: hooks.server,
    hooks: options.hooks,
  });
  // Nothing to wait for (the common case): resolve in this tick so the process spawns at once.
  const values = options.values;
  const resolved = values ? (values.resolveDefinitionSync(def) ?? (await values.resolveDefinition(def))) : undefined;
  if (!hooks.isCurrent()) {
    handle.dispose();
    return undefined;
  }
  const dropped = resolved?.dropped ?? [];
  // The API sees key + reason; a command's stderr excerpt (masked, cut) goes to the log only.
  hooks.onDropped(dropped.map(({ key, reason }) => ({ key, reason })));
  for (const d of dropped) hooks.note(`left out ${d.key}: ${d.reason}${d.logDetail ? ` (stderr: ${d.logDetail})` : ''}`);
  // Issue 26 item 1: a reference to another definition's secret refuses the launch before any
  // process or request — failure `secret-not-bound` (failure-code.ts), naming the owner.
  const notBound = dropped.find((d) => d.notBound && d.cause);
  if (notBound) {
    handle.dispose();
    throw notBound.cause;
  }
  // Issue 9: URL userinfo travels as Basic auth (fetch refuses credentials in a URL).
  const resolvedDef = withUrlCredentials(resolved ? { ...def, env: resolved.env, headers: resolved.headers, auth: resolved.auth } : def);
  // Server text may echo these back (an HTTP 500 body, stderr): every face redacts them (docs/auth.md).
  const held = secretsToRemember(def, resolvedDef);
  for (const secret of held) options.auth?.remember?.(secret);
  // Issue 6: OAuth provider + step-up fetch for http/sse, OAUTH_ACCESS_TOKEN for stdio.
  const authParts = options.auth ? await options.auth.prepare(resolvedDef) : {};
  if (authParts.note) hooks.note(authParts.note);
  if (authParts.refused) {
    handle.dispose();
    throw new CoreError('INVALID_CONFIG', authParts.refused);
  }
  const effective: ServerDefinition = authParts.env ? { ...resolvedDef, env: { ...resolvedDef.env, ...authParts.env } } : resolvedDef;
  let created: ReturnType<typeof createTransport>;
  // Issue 15 item 2: the trace shows the HTTP exchange (headers, status) of each request.
  const http = options.trace && effective.transport !== 'stdio' ? new HttpExchanges({ legacySse: effective.transport === 'sse' }) : undefined;
  const fetchFn = http ? http.wrap(authParts.fetch) : authParts.fetch;
  try {
    created = createTransport(effective, options.baseEnv, {
      note: hooks.note,
      ...(authParts.authProvider ? { authProvider: authParts.authProvider } : {}),
      ...(fetchFn ? { fetch: fetchFn } : {}),
      ...(authParts.skipIssuerMetadataValidation ? { skipIssuerMetadataValidation: true } : {}),
      ...(options.stdinGraceMs !== undefined ? { stdinGraceMs: options.stdinGraceMs } : {}),
    });
  } catch (err) {
    handle.dispose();
    throw err;
  }
  const { transport, stdio, sse } = created;
  // Only where the SDK can run OAuth (a provider): routing keeps an AsyncLocalStorage context, which
  // taxes every promise of the process on Node 20 (issue 32 item 1).
  if (authParts.authProvider) options.auth?.routeSdkLines?.(transport, hooks.note);
  // Issue 12 item 4: a 2026-07-28 request whose response stream breaks is re-issued once (below the trace, which shows both).
  if (transport instanceof StreamableHTTPClientTransport) reissueLostRequests(transport, { isModern: () => handle.client.getProtocolEra() === 'modern', note: hooks.note });
  const quiet = { on: false };
  const listOrder = tapListOrder(transport);
  if (options.trace) traceTransport(transport, { server: hooks.server, store: options.trace, secrets: [...held, ...Object.values(authParts.env ?? {})], quiet: () => quiet.on, ...(http ? { http } : {}) });
  // Outermost, so the trace shows the `_meta` we add.
  addRequestMeta(transport, handle.client);
  // Issue 35 item 4: every request carries a W3C traceparent (trace-context.ts); outermost, so the trace shows it.
  addTraceparent(transport);
  return { live: { client: handle.client, transport, stdio, disposeClient: handle.dispose, abort: new AbortController(), quiet, listOrder }, transport, sse };
}
