/**
 * OAuth failures in the words docs/operator-verbs.md and docs/auth.md give them: an SDK failure
 * becomes a `CoreError` without raw HTML bodies, and an issuer mismatch never quotes the value an
 * attacker may control (the SDK's `IssuerMismatchError.received`, RFC 9207 §2.4).
 */
import { AuthorizationServerMismatchError, IssuerMismatchError } from '@modelcontextprotocol/client';
import { CoreError } from '../facade/errors.js';
import { dpopFailureText } from './dpop-fetch.js';
import { SignInRequiredError } from './oauth-provider.js';
import { OAuthFlowError } from './pending-flows.js';
import { oauthRefusalText } from '../mcp/failures/oauth-refusal.js';

/** Characters of a non-HTML body quoted in an OAuth failure. */
const OAUTH_BODY_CHARS = 120;

/**
 * An SDK OAuth failure message without its raw body dump: `HTTP 404: Invalid OAuth error response:
 * SyntaxError… Raw body: <!DOCTYPE html>…` becomes `HTTP 404: the server answered an HTML page, not
 * an OAuth response` (a short non-HTML body is quoted, cut to 120 characters). Other text is only
 * cut to 300 characters.
 */
export function cleanOAuthText(text: string): string {
  const m = /^(HTTP \d{3}: )?Invalid OAuth error response: [\s\S]*?\. Raw body: ([\s\S]*)$/.exec(text);
  if (!m) return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  return `${m[1] ?? ''}the server answered ${describeBody(m[2]!)}, not an OAuth response`;
}

/** `an HTML page` / `an empty body` / the body quoted and cut to 120 characters. */
function describeBody(raw: string): string {
  const body = raw.trim();
  const html = /^<!doctype|^<html|<\/?(head|body|div|p|pre|h1|title)\b/i.test(body);
  return html ? 'an HTML page' : body === '' ? 'an empty body' : JSON.stringify(body.length > OAUTH_BODY_CHARS ? `${body.slice(0, OAUTH_BODY_CHARS)}…` : body);
}

/** An OAuth error body in words: `invalid_client_metadata: <description>` (RFC 6749 §5.2 / RFC 7591 §3.2.2), else `describeBody`. */
function oauthErrorText(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: unknown; error_description?: unknown };
    if (typeof body.error === 'string') {
      const text = typeof body.error_description === 'string' ? `${body.error}: ${body.error_description}` : body.error;
      return text.length > OAUTH_BODY_CHARS ? `${text.slice(0, OAUTH_BODY_CHARS)}…` : text;
    }
  } catch {
    // not JSON: described below
  }
  return describeBody(raw);
}

/**
 * The sentence for an authorization server without dynamic client registration (issue 14 item 10):
 * it needs a client registered by hand, whose id (and secret) the person gives us.
 */
export function needsPreRegisteredClient(server: string, redirectUrl?: string, why = `Server "${server}" needs a pre-registered OAuth client: its authorization server offers no dynamic client registration.`): string {
  return (
    `${why} ` +
    `Register Switchboard with that authorization server${redirectUrl ? ` (redirect URI ${redirectUrl})` : ''}, then sign in with the client id it gives you: ` +
    `switchboard reauth ${server} --client-id <id> [--client-secret-stdin], or the client id / secret form in the sign-in panel.`
  );
}

/**
 * Map an auth failure to a `CoreError` with docs/operator-verbs.md wording. `context` names the server (and the
 * redirect URI a hand registration needs) for the no-registration sentence. The SDK's OAuth client
 * throws its discovery and registration failures as plain `Error`s (e.g. "Incompatible auth server:
 * does not support dynamic client registration"), with no code, so they are told apart by their
 * words here, and only here (issue 29 item 3).
 */
export function toCoreError(err: unknown, context?: { server: string; redirectUrl?: string }): CoreError {
  if (err instanceof CoreError) return err;
  if (err instanceof IssuerMismatchError) return new CoreError('AUTH_REQUIRED', issuerMismatchText(err));
  if (err instanceof AuthorizationServerMismatchError) {
    return new CoreError('AUTH_REQUIRED', `OAuth authentication failed: the server changed authorization server during the sign-in (now ${err.currentIssuer}); sign in again`);
  }
  if (err instanceof OAuthFlowError) return new CoreError('AUTH_REQUIRED', err.message);
  if (err instanceof SignInRequiredError) return new CoreError('AUTH_REQUIRED', err.message);
  if (err instanceof Error && err.name === 'KeychainUnavailableError') return new CoreError('INTERNAL', err.message);
  // The same words as a connection's (failure-text.ts): a DPoP nonce loop or refused proof, a refused scope.
  const refusal = dpopFailureText(err) ?? oauthRefusalText(err);
  if (refusal) return new CoreError('AUTH_REQUIRED', refusal);
  const raw = errorText(err);
  if (context && /does not support dynamic client registration/.test(raw)) return new CoreError('AUTH_REQUIRED', needsPreRegisteredClient(context.server, context.redirectUrl));
  // SDK v2: no metadata, so it registered at the origin's /register, which does not exist.
  const rejected = /^Dynamic Client Registration rejected \(HTTP 404\):?\s*([\s\S]*)$/.exec(raw);
  if (rejected) {
    return new CoreError('AUTH_REQUIRED', `Authentication required, but OAuth endpoints could not be discovered: no OAuth metadata, and the registration endpoint answered HTTP 404 with ${describeBody(rejected[1]!)}`);
  }
  // Issue 27 item 9: registration offered but refused (a closed registry): say so and how to sign in without it.
  const refused = /^Dynamic Client Registration rejected \(HTTP (\d{3})\):?\s*([\s\S]*)$/.exec(raw);
  if (context && refused) {
    const why = `Server "${context.server}": its authorization server rejected Switchboard's client registration (HTTP ${refused[1]}: ${oauthErrorText(refused[2]!)}).`;
    return new CoreError('AUTH_REQUIRED', needsPreRegisteredClient(context.server, context.redirectUrl, why));
  }
  const text = cleanOAuthText(raw);
  // No metadata was found, so the SDK fell back to /register, /authorize, /token at the server's
  // origin — and one of them does not exist: this server has no OAuth endpoints to discover.
  if (/^HTTP 404: Invalid OAuth error response/.test(raw)) {
    return new CoreError('AUTH_REQUIRED', `Authentication required, but OAuth endpoints could not be discovered: no OAuth metadata, and ${text.replace(/^HTTP 404: /, 'an OAuth endpoint answered HTTP 404: ')}`);
  }
  if (/metadata|discover|well-known|does not support/i.test(text)) {
    return new CoreError('AUTH_REQUIRED', `Authentication required, but OAuth endpoints could not be discovered: ${text}`);
  }
  return new CoreError('AUTH_REQUIRED', `OAuth authentication failed: ${text}`);
}

/**
 * An issuer check that failed (MCP 2026-07-28): the expected issuer is named, the received value
 * never (on the redirect it is whatever the sender put there).
 */
function issuerMismatchText(err: IssuerMismatchError): string {
  if (err.kind === 'authorization_response') {
    return `OAuth authentication failed: the authorization response did not come from the authorization server ${err.expected} (RFC 9207 iss check); the code was not used`;
  }
  return `OAuth authentication failed: the authorization server metadata at ${err.expected} names another issuer (RFC 8414 §3.3); it was not used`;
}

/** An error's message (or the value as text). */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
