import { describe, expect, it } from 'vitest';
import { describeDeepLinkForLog, findDeepLinkArg, MAX_DEEP_LINK_LENGTH, parseDeepLink } from './deep-link.js';

/** base64 of a UTF-8 string, as Cursor-style install links carry it. */
function b64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

describe('parseDeepLink: focus', () => {
  it.each(['mcp-switchboard://', 'mcp-switchboard://open', 'mcp-switchboard://focus', 'MCP-Switchboard://Focus/'])(
    '%s focuses the window',
    (url) => {
      expect(parseDeepLink(url)).toEqual({ kind: 'focus' });
    },
  );
});

describe('parseDeepLink: oauth callback', () => {
  it('reads state and code', () => {
    expect(parseDeepLink('mcp-switchboard://oauth/callback?code=abc%2F123&state=st-1')).toEqual({
      kind: 'oauth-callback',
      state: 'st-1',
      code: 'abc/123',
    });
  });

  it('accepts the scheme:route form without slashes', () => {
    expect(parseDeepLink('mcp-switchboard:oauth/callback?state=s&code=c')).toEqual({
      kind: 'oauth-callback',
      state: 's',
      code: 'c',
    });
  });

  it('reads an authorization error', () => {
    expect(
      parseDeepLink('mcp-switchboard://oauth/callback?state=s&error=access_denied&error_description=User%20said%20no'),
    ).toEqual({ kind: 'oauth-callback', state: 's', error: 'access_denied', errorDescription: 'User said no' });
  });

  it('rejects a callback without state', () => {
    expect(parseDeepLink('mcp-switchboard://oauth/callback?code=c')).toEqual({
      kind: 'invalid',
      reason: 'OAuth callback without "state"',
    });
  });

  it('rejects a callback with neither code nor error', () => {
    expect(parseDeepLink('mcp-switchboard://oauth/callback?state=s')).toEqual({
      kind: 'invalid',
      reason: 'OAuth callback without "code" or "error"',
    });
  });
});

describe('parseDeepLink: install', () => {
  const stdio = { command: 'node', args: ['server.js'], env: { TOKEN: '${TOKEN}' } };

  it('decodes a base64 JSON config', () => {
    const url = `mcp-switchboard://install?name=my-server&config=${encodeURIComponent(b64(JSON.stringify(stdio)))}`;
    expect(parseDeepLink(url)).toEqual({ kind: 'install', name: 'my-server', config: stdio });
  });

  it('decodes base64url without padding and non-ASCII text', () => {
    const config = { url: 'https://example.com/mcp', description: 'café ✓' };
    const encoded = b64(JSON.stringify(config)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(parseDeepLink(`mcp-switchboard://install?name=cafe&config=${encoded}`)).toEqual({
      kind: 'install',
      name: 'cafe',
      config,
    });
  });

  it('survives a raw "+" of standard base64 arriving as a space', () => {
    // ">>>" encodes to "Pj4+" — a "+" that form decoding turns into " ".
    const config = { command: 'echo', args: ['>>>'] };
    const encoded = b64(JSON.stringify(config));
    expect(encoded).toContain('+');
    expect(parseDeepLink(`mcp-switchboard://install?name=e&config=${encoded}`)).toEqual({
      kind: 'install',
      name: 'e',
      config,
    });
  });

  it('accepts plain URL-encoded JSON', () => {
    const url = `mcp-switchboard://install?name=web&config=${encodeURIComponent('{"type":"sse","url":"http://127.0.0.1:9/sse"}')}`;
    expect(parseDeepLink(url)).toEqual({
      kind: 'install',
      name: 'web',
      config: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
    });
  });

  it('rejects a name that breaks the write-side name rule', () => {
    const url = `mcp-switchboard://install?name=${encodeURIComponent('org/server')}&config=${b64('{"command":"x"}')}`;
    expect(parseDeepLink(url)).toEqual({
      kind: 'invalid',
      reason: 'install link: server name may only contain letters, digits, "_", "." and "-"',
    });
  });

  it('rejects a missing name or config', () => {
    expect(parseDeepLink(`mcp-switchboard://install?config=${b64('{"command":"x"}')}`)).toEqual({
      kind: 'invalid',
      reason: 'install link without "name"',
    });
    expect(parseDeepLink('mcp-switchboard://install?name=a')).toEqual({
      kind: 'invalid',
      reason: 'install link without "config"',
    });
  });

  it('rejects config that is not JSON, not an object, or structurally invalid', () => {
    expect(parseDeepLink('mcp-switchboard://install?name=a&config=%7Bnot-json')).toEqual({
      kind: 'invalid',
      reason: 'install link: "config" is neither JSON nor base64-encoded JSON',
    });
    expect(parseDeepLink('mcp-switchboard://install?name=a&config=!!!')).toEqual({
      kind: 'invalid',
      reason: 'install link: "config" is neither JSON nor base64-encoded JSON',
    });
    expect(parseDeepLink(`mcp-switchboard://install?name=a&config=${b64('[1,2]')}`)).toEqual({
      kind: 'invalid',
      reason: 'install link: "config" must be a JSON object',
    });
    expect(parseDeepLink(`mcp-switchboard://install?name=a&config=${b64('{"command":"x","url":"http://h/"}')}`)).toEqual({
      kind: 'invalid',
      reason: 'install link: set either "command" (stdio) or "url" (http/sse), not both',
    });
  });
});

describe('parseDeepLink: wrong or malformed', () => {
  it('rejects another scheme', () => {
    expect(parseDeepLink('https://example.com/oauth/callback?state=s&code=c')).toEqual({
      kind: 'invalid',
      reason: 'wrong scheme "https" (expected mcp-switchboard)',
    });
    expect(parseDeepLink('mcp-switchboardx://focus')).toEqual({
      kind: 'invalid',
      reason: 'wrong scheme "mcp-switchboardx" (expected mcp-switchboard)',
    });
  });

  it('rejects text that is not a URL', () => {
    expect(parseDeepLink('not a url')).toEqual({ kind: 'invalid', reason: 'not a URL' });
    expect(parseDeepLink('')).toEqual({ kind: 'invalid', reason: 'empty link' });
    expect(parseDeepLink(undefined as unknown as string)).toEqual({ kind: 'invalid', reason: 'empty link' });
  });

  it('rejects an unknown route', () => {
    expect(parseDeepLink('mcp-switchboard://oauth/other?state=s&code=c')).toEqual({
      kind: 'invalid',
      reason: 'unknown link "oauth/other"',
    });
  });

  it('rejects an over-long link without parsing it', () => {
    const url = `mcp-switchboard://focus?pad=${'x'.repeat(MAX_DEEP_LINK_LENGTH)}`;
    expect(parseDeepLink(url)).toEqual({
      kind: 'invalid',
      reason: `link is longer than ${MAX_DEEP_LINK_LENGTH} characters`,
    });
  });
});

describe('findDeepLinkArg', () => {
  it('finds the link among Chromium switches and app args', () => {
    const argv = ['/opt/app/switchboard', '--allow-file-access-from-files', 'mcp-switchboard://oauth/callback?state=s&code=c'];
    expect(findDeepLinkArg(argv)).toBe('mcp-switchboard://oauth/callback?state=s&code=c');
  });

  it('returns undefined when there is none', () => {
    expect(findDeepLinkArg(['/usr/bin/electron', '.', '--project', '/tmp/p'])).toBeUndefined();
  });
});

describe('describeDeepLinkForLog', () => {
  it('keeps the route and parameter names but never the values', () => {
    const text = describeDeepLinkForLog('mcp-switchboard://oauth/callback?code=SECRET-CODE&state=SECRET-STATE');
    expect(text).toBe('mcp-switchboard://oauth/callback?code=…&state=…');
    expect(text).not.toContain('SECRET');
  });

  it('says so for an unparseable link', () => {
    expect(describeDeepLinkForLog('::::')).toBe('(unparseable link)');
  });
});

describe('parseDeepLink: install configs are checked like the writer checks them (issue F3 #16)', () => {
  const link = (config: unknown): string => `mcp-switchboard://install?name=x&config=${encodeURIComponent(JSON.stringify(config))}`;
  it.each([
    [{ command: 'node', args: 'notarray' }, 'install link: "args": Invalid input: expected array, received string'],
    [{ command: 'node', env: { A: 1 } }, 'install link: "env.A": Invalid input: expected string, received number'],
    [{ command: 'node', enabled: 'yes' }, 'install link: "enabled": Invalid input: expected boolean, received string'],
    [{ command: 'node', timeout: -5 }, 'install link: "timeout": Too small: expected number to be >0'],
    [{ url: 'javascript:alert(1)' }, 'install link: "url" must be http or https, not javascript'],
    [{ url: 'file:///etc/passwd' }, 'install link: "url" must be http or https, not file'],
    [{ url: 'not a url' }, 'install link: "url" is not a valid URL: "not a url" (write it in full, e.g. https://example.com/mcp)'],
  ])('%j is invalid', (config, reason) => {
    expect(parseDeepLink(link(config))).toEqual({ kind: 'invalid', reason });
  });

  it('http(s) URLs with string headers, and typed stdio fields, still install', () => {
    const remote = { type: 'sse', url: 'http://127.0.0.1:3000/sse', headers: { 'X-A': 'b' }, timeout: 5000, enabled: false };
    expect(parseDeepLink(link(remote))).toEqual({ kind: 'install', name: 'x', config: remote });
    const local = { command: 'npx', args: ['-y', 'pkg'], env: { A: '1' }, description: 'd', tools: ['unknown keys travel'] };
    expect(parseDeepLink(link(local))).toEqual({ kind: 'install', name: 'x', config: local });
  });
});
