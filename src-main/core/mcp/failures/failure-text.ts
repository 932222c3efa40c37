/**
 * What a thrown SDK failure is called in words a person can act on (docs/operator-verbs.md "say why"), and how
 * it is classified. SDK v2 throws `ProtocolError` for a JSON-RPC error the server sent (numeric
 * `code`), `SdkError` for what the SDK decided locally (string `code`: timeout, closed, era
 * negotiation…) and `SdkHttpError` for an HTTP status. The codes the 2026-07-28 revision added
 * (-32020 header mismatch, -32021 missing client capability, -32022 unsupported protocol version)
 * get sentences that say what to change.
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { dpopFailureText } from '../../auth/dpop-fetch.js';
import { oauthRefusalText } from './oauth-refusal.js';

/** JSON-RPC codes of the 2026-07-28 revision (issue 10). */
export const HEADER_MISMATCH = -32020;
export const MISSING_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** A JSON-RPC error `{code, message, data}` found in an HTTP error's body text, if any. */
function rpcErrorInText(text: string): { code: number; message: string; data?: unknown } | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  try {
    const parsed = JSON.parse(text.slice(start)) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
    const e = parsed.error;
    if (e && typeof e.code === 'number') return { code: e.code, message: typeof e.message === 'string' ? e.message : '', data: e.data };
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * How an SDK era negotiation failed: `closed` (the transport closed during the `server/discover`
 * probe), `probe-failed` (the probe got an unusable reply or could not be sent) or `refused` (no
 * era both sides speak); undefined for any other error. SDK v2 throws all three as one
 * `SdkError` code, `EraNegotiationFailed`, with no field that tells them apart, so its words are
 * read here, and only here (issue 29 item 3).
 */
export function eraFailureOf(err: unknown): 'closed' | 'probe-failed' | 'refused' | undefined {
  if (!(err instanceof SdkError) || err.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  if (/closed during/.test(err.message)) return 'closed';
  return /probe failed/.test(err.message) ? 'probe-failed' : 'refused';
}

/** The JSON-RPC error code a failure carries (a ProtocolError, or one inside an HTTP error body). */
export function rpcCodeOf(err: unknown): number | undefined {
  if (err instanceof ProtocolError) return err.code;
  if (err instanceof Error) return rpcErrorInText(err.message)?.code;
  return undefined;
}

const list = (v: unknown): string | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(', ') : undefined);

/** The sentence for one of the 2026-07-28 codes, or undefined for any other code. */
export function describeRpcCode(code: number, message: string, data: unknown): string | undefined {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (code === UNSUPPORTED_PROTOCOL_VERSION) {
    const supported = list(d.supported);
    const requested = typeof d.requested === 'string' ? d.requested : undefined;
    return `The server does not speak protocol version ${requested ?? 'we asked for'}${supported ? `; it supports ${supported}` : ''}. Set this server's protocol to auto${supported ? ` or ${supported.split(', ')[0]}` : ''} (switchboard edit <name> --protocol auto). (${code})`;
  }
  if (code === MISSING_CLIENT_CAPABILITY) {
    const needed = d.requiredCapabilities && typeof d.requiredCapabilities === 'object' ? Object.keys(d.requiredCapabilities).join(', ') : undefined;
    return `The server needs a client capability Switchboard did not declare${needed ? `: ${needed}` : ''}${message ? ` (${message})` : ''}. (${code})`;
  }
  if (code === HEADER_MISMATCH) {
    return `The server refused the request: its Mcp-Method / Mcp-Name HTTP headers did not match the message${message ? ` (${message})` : ''}. (${code})`;
  }
  return undefined;
}

/**
 * The message of a thrown failure, without SDK prefixes; a JSON-RPC error keeps its code at the end
 * (`Tool not found (-32602)`), the 2026-07-28 codes are explained, an HTTP error names its status.
 */
export function failureMessage(err: unknown): string {
  if (err instanceof ProtocolError) {
    const bare = err.message.replace(/^MCP error -?\d+: /, '');
    return describeRpcCode(err.code, bare, err.data) ?? `${bare} (${err.code})`;
  }
  if (!(err instanceof Error)) return String(err);
  // The same words as a sign-in's (auth-errors.ts): a refused scope, a DPoP nonce loop or refused proof.
  const refusal = oauthRefusalText(err) ?? dpopFailureText(err);
  if (refusal) return refusal;
  // A failed era probe wraps what went wrong (fetch failed, ECONNREFUSED…): say that, not the wrapper.
  const cause = (err as { cause?: unknown }).cause;
  if (err instanceof SdkError && err.code === SdkErrorCode.EraNegotiationFailed && cause instanceof Error) return failureMessage(cause);
  const inBody = rpcErrorInText(err.message);
  if (inBody) {
    const status = err instanceof SdkHttpError ? ` (HTTP ${err.status})` : '';
    return describeRpcCode(inBody.code, inBody.message, inBody.data) ?? `${inBody.message} (${inBody.code})${status}`;
  }
  // An HTML error page in the message (Express's "Cannot POST /sse") is reduced to its words: ten
  // lines of markup under a server's status said less than the one line they hold.
  let message = withoutHtmlPages(err.message);
  if (err instanceof SdkHttpError) {
    // The probe's HTTP refusal: "the server requires authorization (HTTP 401)" plus the body's words.
    message = message.replace(/^Version negotiation failed: (\w)/, (_all, c: string) => c.toUpperCase());
    const body = typeof err.data?.text === 'string' ? withoutHtmlPages(err.data.text) : '';
    if (body && body.length <= 200 && !message.includes(body)) message += `: ${body}`;
  }
  // undici's "fetch failed" hides the reason (ECONNREFUSED, DNS…) in `cause`.
  if (cause instanceof Error && cause.message && !message.includes(cause.message)) message += `: ${cause.message}`;
  const status = httpStatusOf(err);
  if (status !== undefined && !message.includes(String(status))) message += ` (HTTP ${status})`;
  return message;
}

/** `text` with each HTML page in it reduced to its words (htmlPageText), trimmed. */
function withoutHtmlPages(text: string): string {
  return text.replace(/<!DOCTYPE html[\s\S]*?<\/html>\s*|<html[\s\S]*?<\/html>\s*/gi, (page) => htmlPageText(page)).trim();
}

/** The visible words of an HTML page (its head dropped, tags removed, whitespace collapsed), at most 200 characters. */
function htmlPageText(page: string): string {
  const text = page
    .replace(/<head[\s\S]*?<\/head>|<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The HTTP status of an SDK HTTP failure (Streamable HTTP or SSE), if it has one. */
export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof SdkHttpError) return err.status;
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** The SDK's request timeout. */
export function isRequestTimeout(err: unknown): boolean {
  return err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout;
}

/** The SDK closed the connection under a request (the transport closed). */
export function isConnectionClosed(err: unknown): boolean {
  return err instanceof SdkError && (err.code === SdkErrorCode.ConnectionClosed || err.code === SdkErrorCode.NotConnected);
}

/**
 * What to do about a timeout of `timeoutMs` ms (docs/auth.md `timeout`): `The server did not answer
 * within 300 ms: raise the server's timeout if <when>.` (e.g. "the tool needs longer").
 */
export function timeoutHint(timeoutMs: number, when: string): string {
  return `The server did not answer within ${timeoutMs} ms: raise the server's timeout if ${when}.`;
}
