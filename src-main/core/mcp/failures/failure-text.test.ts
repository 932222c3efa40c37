/** failureMessage: what a thrown failure says in a server's status. */
import { describe, expect, it } from 'vitest';
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
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
