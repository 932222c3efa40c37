/** failureMessage: what a thrown failure says in a server's status. */
import { describe, expect, it } from 'vitest';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { failureMessage } from './failure-text.js';

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
