/** failureMessage: what a thrown failure says in a server's status. */
import { describe, expect, it } from 'vitest';
import { OAuthError, OAuthErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { eraFailureOf, failureMessage } from './failure-text.js';

describe('failureMessage', () => {
  it("an HTML error page is reduced to its words (Express's 404 to a Streamable HTTP POST at a legacy /sse URL)", () => {
    const page = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /sse</pre>\n</body>\n</html>\n';
    const err = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${page}`, { status: 404, text: page } as never);
    expect(failureMessage(err)).toBe('Error POSTing to endpoint: Cannot POST /sse (HTTP 404)');
  });

  it('plain text with angle brackets is left alone', () => {
    expect(failureMessage(new Error('expected <string>, got <number>'))).toBe('expected <string>, got <number>');
  });
});

describe('eraFailureOf (the one place that reads the SDK era-negotiation words)', () => {
  it('tells a closed probe, a failed probe and a refusal apart; anything else is not an era failure', () => {
    const era = (m: string) => new SdkError(SdkErrorCode.EraNegotiationFailed, m);
    expect(eraFailureOf(era('Version negotiation failed: the transport was closed during the server/discover probe'))).toBe('closed');
    expect(eraFailureOf(era('Version negotiation probe failed: the server answered with an unusable reply (x)'))).toBe('probe-failed');
    expect(eraFailureOf(era('Version negotiation failed: the server gave no modern evidence and this client supports no pre-2026-07-28 protocol version to fall back to'))).toBe('refused');
    expect(eraFailureOf(new SdkError(SdkErrorCode.RequestTimeout, 'closed during'))).toBeUndefined();
    expect(eraFailureOf(new Error('Version negotiation failed'))).toBeUndefined();
  });
});

describe("failureMessage of a server's authorization server refusing the scope (issue 38 item 4)", () => {
  it('says what happened and what to do, with the description quoted; other OAuth errors keep their words', () => {
    expect(failureMessage(new OAuthError(OAuthErrorCode.InvalidScope, 'scope tools:admin is not allowed'))).toBe(
      "The server's authorization server refused the scope Switchboard asked for (invalid_scope: scope tools:admin is not allowed), so no token was issued; it is not retried. Ask your administrator to allow that scope for you (or for Switchboard's client) at the server's authorization server, then sign in again.",
    );
    expect(failureMessage(new OAuthError(OAuthErrorCode.InvalidScope, ''))).toContain('(invalid_scope), so no token');
    expect(failureMessage(new OAuthError(OAuthErrorCode.AccessDenied, 'no'))).toBe('no');
  });

  it("a DPoP nonce loop or a refused proof at the token endpoint reads as in a sign-in's answer (auth-errors.ts)", () => {
    expect(failureMessage(new OAuthError(OAuthErrorCode.UseDpopNonce, 'x'))).toBe(
      'DPoP nonce loop: the authorization server asked for a DPoP nonce (use_dpop_nonce) again after Switchboard retried the token request with the nonce it gave, so the request was stopped instead of retried forever. This is the server\'s side (its nonce store or clock); try again later, or tell its operator.',
    );
    expect(failureMessage(new OAuthError(OAuthErrorCode.InvalidDpopProof, 'x'))).toBe(
      "OAuth authentication failed: the authorization server refused Switchboard's DPoP proof (invalid_dpop_proof). Check that this computer's clock is right, then sign in again; if it persists, the server's DPoP settings need its operator.",
    );
  });
});
