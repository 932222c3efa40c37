import { describe, expect, it } from 'vitest';
import { invalidConfigMessage, normalizeTransportSpelling, validateServerConfig, validateServerName } from './validate.js';

describe('normalizeTransportSpelling (docs/server-model.md)', () => {
  it.each([
    ['stdio', 'stdio'],
    ['http', 'http'],
    ['streamable-http', 'http'],
    ['streamableHttp', 'http'],
    ['streamable_http', 'http'],
    ['SSE', 'sse'],
    [' sse ', 'sse'],
    ['websocket', undefined],
  ])('%s → %s', (spelling, expected) => {
    expect(normalizeTransportSpelling(spelling)).toBe(expected);
  });
});

describe('validateServerConfig (docs/server-model.md)', () => {
  it.each([
    [{ command: 'node' }, 'stdio'],
    [{ url: 'https://x/mcp' }, 'http'],
    [{}, undefined], // defaults to stdio, which then needs a command
    [{ type: 'sse', url: 'https://x/sse' }, 'sse'],
    [{ transport: 'streamable-http', url: 'https://x' }, 'http'],
    [{ transport: 'http', type: 'stdio', url: 'https://x' }, 'http'], // transport wins over type
    [{ type: 'stdio', command: 'x' }, 'stdio'],
  ])('infers the transport of %j', (raw, transport) => {
    const out = validateServerConfig(raw);
    if (transport) expect(out).toEqual({ ok: true, transport });
    else expect(out.ok).toBe(false);
  });

  it.each([
    [{ command: 'x', url: 'http://x' }, 'set either "command" (stdio) or "url" (http/sse), not both'],
    [{ type: 'stdio' }, 'stdio transport requires "command"'],
    [{ type: 'stdio', url: 'http://x' }, 'stdio transport requires "command", not "url"'],
    [{ type: 'http' }, 'http transport requires "url"'],
    [{ type: 'sse', command: 'x' }, 'sse transport requires "url", not "command"'],
    [{ type: 'ws', url: 'ws://x' }, 'unknown transport type "ws" (use stdio, http or sse)'],
    [{ type: 3, command: 'x' }, 'transport type must be a string, got number'],
    [{ command: 7 }, '"command" must be a string'],
    [{ url: ['http://x'] }, '"url" must be a string'],
    [{ command: '   ' }, 'stdio transport requires "command"'],
    // Failing inputs (issue 14): `add x --url notaurl` was accepted and written.
    [{ url: 'notaurl' }, '"url" is not a valid URL: "notaurl" (write it in full, e.g. https://example.com/mcp)'],
    [{ type: 'sse', url: 'localhost:3000/sse' }, '"url" must be http or https, not localhost'],
    [{ url: 'ftp://example.com/mcp' }, '"url" must be http or https, not ftp'],
  ])('rejects %j', (raw, error) => {
    const out = validateServerConfig(raw);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors).toContain(error);
  });
});

describe('validateServerName (docs/server-model.md write rule)', () => {
  it.each(['a', 'my-server', 'my.server', 'My_Server_2', 'x'.repeat(100)])('accepts %s', (name) => {
    expect(validateServerName(name)).toBeUndefined();
  });
  it.each([
    ['', 'server name must not be empty'],
    ['x'.repeat(101), 'server name must be at most 100 characters (got 101)'],
    ['io.github/server', 'server name may only contain letters, digits, "_", "." and "-"'],
    ['has space', 'server name may only contain letters, digits, "_", "." and "-"'],
    ['ünï', 'server name may only contain letters, digits, "_", "." and "-"'],
    // Attack pass (issue 32): `add __proto__ --host codex` wrote a table no reader may read.
    ['__proto__', 'server name "__proto__" is reserved (every JavaScript object has a property of that name); choose another'],
    ['constructor', 'server name "constructor" is reserved (every JavaScript object has a property of that name); choose another'],
    ['prototype', 'server name "prototype" is reserved (every JavaScript object has a property of that name); choose another'],
  ])('rejects %j', (name, message) => {
    expect(validateServerName(name)).toBe(message);
  });
});

describe('invalidConfigMessage', () => {
  it('keeps the docs/operator-verbs.md words', () => {
    expect(invalidConfigMessage(['a', 'b'])).toBe('Invalid server config: a; b');
  });
});

describe('validateServerConfig: url', () => {
  it('accepts http(s) URLs and leaves a placeholder URL to be checked once expanded', () => {
    for (const url of ['http://127.0.0.1:3000/mcp', 'https://example.com/mcp', '${BASE_URL}/mcp', 'https://${env:HOST}/mcp', '${{ secrets.URL }}']) {
      expect(validateServerConfig({ url }), url).toEqual({ ok: true, transport: 'http' });
    }
  });
});
