/**
 * An OAuth refusal from a server's own authorization server in words (issue 38 item 4; docs/auth.md
 * "Errors in words"). The SDK throws `OAuthError` with the token endpoint's `error` as `code` and its
 * `error_description` as the message, so a refused scope showed only the authorization server's own
 * words ("scope not allowed"). On the non-interactive grants (the JWT-bearer grant of enterprise-managed
 * authorization and workload identity, client credentials) nobody sees a consent screen, so the sentence
 * says what happened and what to do.
 */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/client';

/** Characters of the authorization server's own description quoted (it is untrusted text). */
const DESCRIPTION_CHARS = 200;

/** The sentence for an `invalid_scope` refusal at a server's authorization server, or undefined for any other error. */
export function oauthRefusalText(err: unknown): string | undefined {
  if (!(err instanceof OAuthError) || err.code !== OAuthErrorCode.InvalidScope) return undefined;
  const said = err.message.trim().replace(/\s+/g, ' ');
  const why = said && said !== OAuthErrorCode.InvalidScope ? `: ${said.length > DESCRIPTION_CHARS ? `${said.slice(0, DESCRIPTION_CHARS - 1)}…` : said}` : '';
  return `The server's authorization server refused the scope Switchboard asked for (invalid_scope${why}), so no token was issued; it is not retried. Ask your administrator to allow that scope for you (or for Switchboard's client) at the server's authorization server, then sign in again.`;
}
