/**
 * The typed outcome of a thrown failure (issue 11 item 3): a `FailureCode` from the error's own
 * class, code, status or errno — decided here, once, so no face matches message text. The hint
 * says what a person can do (docs/… wording of docs/operator-verbs.md "say why").
 */
import { OAuthError, OAuthErrorCode, ProtocolError, SdkError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';
import { CompanyGrantError } from '../../auth/company-grants.js';
import type { Failure } from '../../../../src-shared/api/outcome.js';
import { HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION, httpStatusOf, isConnectionClosed, isRequestTimeout, rpcCodeOf } from './failure-text.js';
import { folderProblem, isSpawnError, isSpawnNotFound } from './spawn-hint.js';
import { notBoundHint, SecretNotBoundError } from '../../secrets/secret-binding.js';

/** HTTP 401/403 from either HTTP transport, or the SDK's UnauthorizedError. */
export function isAuthFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const status = httpStatusOf(err);
  if (status === 401 || status === 403) return true;
  if (err instanceof SdkError && (err.code === SdkErrorCode.ClientHttpAuthentication || err.code === SdkErrorCode.ClientHttpForbidden)) return true;
  if (err instanceof UnauthorizedError || err.name === 'UnauthorizedError') return true;
  // The SDK's SSE transport reports the status only inside its message.
  return /\bHTTP (401|403)\b|\b(401|403) (Unauthorized|Forbidden)\b/.test(err.message);
}

/** What is known about where `err` happened, beyond the error itself. */
export interface FailureFacts {
  /** The server's timeout (ms), named in a timeout's hint. */
  timeoutMs: number;
  /** The launch (`command args…` or the URL), named in a not-found hint. */
  launch?: string;
  /** A stdio server's working folder, named when the spawn failed for it. */
  cwd?: string;
  /** A remote server's URL: only its port is ever quoted (a blocked port's hint). */
  url?: string;
  /** The connect deadline passed (our own timer, not an SDK request timeout). */
  timedOut?: boolean;
  /** The stdio process ended by itself. */
  exited?: boolean;
  /** The caller cancelled. */
  cancelled?: boolean;
  /** What the timeout hint says it may need longer for (default "it needs longer to start"). */
  slowWhat?: string;
}

const PROTOCOL_CODES = new Set([HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION]);
const LOGS_HINT = "See the server's log for what it printed before it failed.";

/** The typed outcome of `err`. Never throws. */
export function classifyFailure(err: unknown, facts: FailureFacts): Failure {
  if (facts.cancelled) return { code: 'cancelled', retryable: true };
  // Issue 26 item 1: another definition's keychain secret; decided before any launch.
  if (err instanceof SecretNotBoundError) return { code: 'secret-not-bound', retryable: false, hint: notBoundHint(err) };
  // A working folder that is missing or no folder fails the spawn like a missing command.
  const cwdProblem = facts.cwd !== undefined && isSpawnError(err) ? folderProblem(facts.cwd) : undefined;
  if (cwdProblem) return { code: 'command-not-found', retryable: false, hint: `Fix the server's working folder (cwd): ${facts.cwd} ${cwdProblem}.` };
  if (isSpawnNotFound(err)) {
    // Trial 6 finding 9b: a whole command line saved as the program name runs in a terminal, so
    // "check that it runs" misleads; say to split it.
    const program = (err as { path?: unknown }).path;
    if (typeof program === 'string' && /\s/.test(program.trim())) {
      const [first, ...rest] = program.trim().split(/\s+/);
      return { code: 'command-not-found', retryable: false, hint: `The command "${program}" is taken as one program name, spaces included: put the program in Command and the rest in Arguments (command ${JSON.stringify(first)}, args ${JSON.stringify(rest)}).` };
    }
    return { code: 'command-not-found', retryable: false, hint: `Check that the command exists and runs from a terminal${facts.launch ? `: ${facts.launch}` : ''}` };
  }
  if (facts.timedOut || isRequestTimeout(err)) {
    return { code: 'timeout', retryable: true, hint: `Raise the timeout (now ${facts.timeoutMs} ms) if ${facts.slowWhat ?? 'the server is slow to start'}.` };
  }
  // Issue 38 item 4: a DPoP nonce loop (auth/dpop-fetch.ts) is the server's side, not our credentials.
  if (causes(err).some((e) => e.name === 'DpopNonceLoopError')) return { code: 'server-error', retryable: true, hint: DPOP_LOOP_HINT };
  // An authorization server that is down or overloaded (the SDK reads an unparseable answer, a 503
  // page, as server_error) may answer later.
  if (err instanceof OAuthError && OUTAGE_CODES.has(err.code)) return { code: 'server-error', retryable: true, hint: "The server's authorization server could not answer now; Switchboard tries again." };
  // Issue 38 item 4: a token endpoint's refusal (the SDK's OAuthError: invalid_scope, access_denied…)
  // or a company grant that cannot run; the message already says by whom and what to do.
  if (err instanceof CompanyGrantError && err.kind === 'unusable') return { code: 'unauthorized', retryable: false, hint: 'The sign-in could not be made: the words above say what is missing and where it was looked for. It is not retried.' };
  if (isSignInRefusal(err)) return { code: 'unauthorized', retryable: false, hint: 'The sign-in was refused before the server was asked: the words above say by whom and what to do. It is not retried.' };
  if (isAuthFailure(err)) return { code: 'unauthorized', retryable: false, hint: 'Check the credentials (token, OAuth sign-in) for this server.' };
  const rpc = rpcCodeOf(err);
  // Issue 28 item 9: fetch refuses some ports outright (undici's "bad port": 1, 9, 25, 6000 …); no
  // protocol setting or restart helps, so say that rather than a protocol hint.
  if (isBadPort(err)) {
    const port = portOf(facts.url);
    return { code: 'unreachable', retryable: false, hint: `${port ? `Port ${port}: this` : 'This'} port is blocked by the HTTP client (fetch refuses it for every request); serve the server on another port.` };
  }
  // The SDK reports a probe that could not reach the server at all as an era failure: a refused or
  // unresolvable address is "not running", not a protocol setting (trial 7 N3).
  if (!facts.exited && isNetworkFailure(err)) {
    return { code: 'unreachable', retryable: true, hint: 'Check that the server is running and its URL is right.' };
  }
  if ((rpc !== undefined && PROTOCOL_CODES.has(rpc)) || (err instanceof SdkError && err.code === SdkErrorCode.EraNegotiationFailed && !facts.exited)) {
    return { code: 'protocol-mismatch', retryable: false, hint: "Set this server's protocol to auto (or legacy to reach a 2025-era server)." };
  }
  if (facts.exited) return { code: 'process-exited', retryable: true, hint: LOGS_HINT };
  if (err instanceof ProtocolError || rpc !== undefined) return { code: 'server-error', retryable: false, hint: LOGS_HINT };
  if (isConnectionClosed(err)) return { code: 'unreachable', retryable: true, hint: LOGS_HINT };
  const status = httpStatusOf(err);
  if (status !== undefined) return { code: 'server-error', retryable: status >= 500 || status === 429, hint: LOGS_HINT };
  // undici's "fetch failed" (refused, DNS, TLS) is a TypeError with the reason in `cause`.
  if (err instanceof TypeError || typeof (err as { cause?: { code?: unknown } } | undefined)?.cause?.code === 'string') {
    return { code: 'unreachable', retryable: true, hint: 'Check that the server is running and its URL is right.' };
  }
  return { code: 'unknown', retryable: false, hint: LOGS_HINT };
}

/** OAuth error codes of an authorization server that could not answer now (RFC 6749 §5.2, RFC 6585). */
const OUTAGE_CODES = new Set<string>([OAuthErrorCode.ServerError, OAuthErrorCode.TemporarilyUnavailable, OAuthErrorCode.TooManyRequests]);

/** OAuth error codes that refuse the request as made: asking again the same way gets the same answer. */
const REFUSAL_CODES = new Set<string>([
  OAuthErrorCode.InvalidRequest,
  OAuthErrorCode.InvalidClient,
  OAuthErrorCode.InvalidGrant,
  OAuthErrorCode.UnauthorizedClient,
  OAuthErrorCode.UnsupportedGrantType,
  OAuthErrorCode.InvalidScope,
  OAuthErrorCode.AccessDenied,
  OAuthErrorCode.UnsupportedResponseType,
  OAuthErrorCode.UnsupportedTokenType,
  OAuthErrorCode.InvalidClientMetadata,
  OAuthErrorCode.InvalidRedirectUri,
  OAuthErrorCode.InsufficientScope,
  OAuthErrorCode.InvalidTarget,
  OAuthErrorCode.InvalidDpopProof,
]);

/**
 * A sign-in refused before the server was asked: a token endpoint's refusal (`OAuthError` with a
 * refusal code: invalid_grant, invalid_scope, access_denied…) or a company grant that cannot run
 * (`CompanyGrantError`). Not an authorization server that is down (server_error,
 * temporarily_unavailable: `OUTAGE_CODES`).
 */
export function isSignInRefusal(err: unknown): boolean {
  return err instanceof CompanyGrantError || (err instanceof OAuthError && REFUSAL_CODES.has(err.code));
}

/** A failure of a token request (the SDK's `OAuthError`, refusal or outage) or of a company grant before it. */
export function isTokenRequestFailure(err: unknown): boolean {
  return err instanceof OAuthError || err instanceof CompanyGrantError;
}

/** Socket-level codes of a server that cannot be reached (Node's `err.code`, undici's `cause.code`). */
const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET)$/;

const DPOP_LOOP_HINT = 'The server keeps asking for a new DPoP nonce even after Switchboard used the one it gave; try again later, or tell its operator (its nonce store or clock).';

/** `err` and the errors it wraps (`cause`, up to 5 deep). */
function causes(err: unknown): { name?: unknown }[] {
  const out: { name?: unknown }[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) out.push(e as { name?: unknown });
  return out;
}

/** Whether `err` or an error it wraps (`cause`, up to 5 deep) is undici's refusal of a blocked port ("bad port"). */
function isBadPort(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { message?: unknown }).message === 'bad port') return true;
  }
  return false;
}

/** The port of a URL (`http://h:1/mcp` → `1`); undefined without one or for a default port. */
function portOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).port || undefined;
  } catch {
    return undefined;
  }
}

/** Whether `err` or an error it wraps (`cause`, up to 5 deep) is a failure to reach the address at all. */
function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return true;
    // Some wrappers (the SSE transport's, undici's) keep the errno only in their words.
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /\b(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH)\b/.test(message)) return true;
  }
  return false;
}

/** The typed outcome of a server that needs a sign-in first. */
export const AUTH_REQUIRED: Failure = { code: 'auth-required', retryable: false, hint: 'Sign in; the server connects once you have.' };

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
