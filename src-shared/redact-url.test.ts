import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn } from './redact-url.js';

describe('redactUrl', () => {
  it('masks a password, a lone username and secret-looking query values', () => {
    expect(redactUrl('http://user:pw-in-url@127.0.0.1:1/mcp?api_key=sk-query-secret&transport=sse')).toBe(
      'http://user:***@127.0.0.1:1/mcp?api_key=***&transport=sse',
    );
    expect(redactUrl('https://ghp_token@example.com/mcp')).toBe('https://***@example.com/mcp');
    expect(redactUrl('https://x.test/sse?access_token=abc&Session=1')).toBe('https://x.test/sse?access_token=***&Session=***');
  });
  it('leaves URLs without secrets, and non-URLs, byte for byte', () => {
    expect(redactUrl('http://127.0.0.1:3001/mcp/')).toBe('http://127.0.0.1:3001/mcp/');
    expect(redactUrl('http://h/mcp?transport=sse&x=1')).toBe('http://h/mcp?transport=sse&x=1');
    expect(redactUrl('${env:URL}')).toBe('${env:URL}');
  });
  it('redacts a raw URL inside an error message', () => {
    const url = 'http://user:pw@h:1/mcp';
    expect(redactUrlsIn(`Request cannot be constructed from a URL that includes credentials: ${url}`, [url])).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://user:***@h:1/mcp',
    );
  });
});
