/** A sign-in's failure words (auth-errors.ts), the same as a connection's for the same failure (failure-text.ts). */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { toCoreError } from './auth-errors.js';

describe('toCoreError', () => {
  it("a refused scope at the server's authorization server says what happened and what to do, as a connection says it (issue 38 item 4)", () => {
    expect(toCoreError(new OAuthError(OAuthErrorCode.InvalidScope, 'x'))).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: "The server's authorization server refused the scope Switchboard asked for (invalid_scope: x), so no token was issued; it is not retried. Ask your administrator to allow that scope for you (or for Switchboard's client) at the server's authorization server, then sign in again.",
    });
  });

  it('a DPoP nonce loop at the token endpoint is named, not shown as the bare OAuth error', () => {
    expect(toCoreError(new OAuthError(OAuthErrorCode.UseDpopNonce, 'x')).message).toMatch(/^DPoP nonce loop: the authorization server asked for a DPoP nonce \(use_dpop_nonce\) again/);
  });
});
