import { describe, expect, it } from 'vitest';
import { isSecretKey, REDACTED, redactedJson, redactText, redactUrl, redactValue, secretValues } from './redaction.js';

describe('isSecretKey (one precise rule, issue 9 item 4)', () => {
  it('matches credential keys in every spelling', () => {
    for (const key of [
      'Authorization', 'proxy-authorization', 'password', 'DB_PASSWORD', 'client_secret', 'clientSecret', 'Set-Cookie',
      'api_key', 'apiKey', 'x-api-key', 'X-API-KEY', 'OPENAI_API_KEY', 'STRIPE_KEY', 'privateKey', 'privateKeyPem',
      'AWS_SECRET_ACCESS_KEY', 'token', 'access_token', 'refresh_token', 'idToken', 'GITHUB_TOKEN', 'x-api-token',
      'GITHUB_PERSONAL_ACCESS_TOKEN', 'credentials', 'code_verifier', 'apikey', 'basic_auth',
    ]) {
      expect(isSecretKey(key), key).toBe(true);
    }
  });
  it('never matches a key only because it contains "token" or "key" (maxTokens, progressToken stay visible)', () => {
    for (const key of [
      'maxTokens', 'max_tokens', 'progressToken', 'nextPageToken', 'tokenUrl', 'token_endpoint', 'token_type', 'tokens',
      'inputTokens', 'tokenizer', 'credentialId', 'keyboard', 'primaryKey', 'sortKey', 'keys', 'envKeys', 'authType',
      'oauth', 'author', 'session', 'Mcp-Session-Id', 'code', 'description', 'monkey', 'cursor',
    ]) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });
});

describe('redactUrl', () => {
  it('masks userinfo and secret query values, keeps everything else', () => {
    expect(redactUrl('http://user:pw-in-url@127.0.0.1:1/mcp?api_key=sk-1&transport=sse')).toBe('http://user:***@127.0.0.1:1/mcp?api_key=***&transport=sse');
    expect(redactUrl('http://127.0.0.1:9/cb?state=abc&code=xyz')).toBe('http://127.0.0.1:9/cb?state=abc&code=***');
    expect(redactUrl('https://as.test/authorize?client_id=c&code_challenge=ch&max_tokens=5')).toBe('https://as.test/authorize?client_id=c&code_challenge=ch&max_tokens=5');
  });
});

describe('redactText', () => {
  const held = secretValues(['kc-access-token-0123456789', 'short']);
  it('removes held values (8+ characters), URL secrets, Bearer credentials and secret pairs', () => {
    expect(redactText('server said: you sent kc-access-token-0123456789 ok', held)).toBe(`server said: you sent ${REDACTED} ok`);
    expect(redactText('short stays', held)).toBe('short stays');
    expect(redactText('GET https://u:p4ss@h.test/x?api_key=k123 failed')).toBe('GET https://u:***@h.test/x?api_key=*** failed');
    expect(redactText('auth=Bearer abcdefghijklmnopqrstuvwxyz')).toBe(`auth=Bearer ${REDACTED}`);
    expect(redactText('starting with token=tok-123456 and maxTokens=100')).toBe(`starting with token=${REDACTED} and maxTokens=100`);
    expect(redactText('{"password": "two words", "progressToken": "p-1234"}')).toBe(`{"password": "${REDACTED}", "progressToken": "p-1234"}`);
  });
  it('leaves prose and placeholders alone', () => {
    expect(redactText('Authentication required: sign in to "x"')).toBe('Authentication required: sign in to "x"');
    expect(redactText('headers.Authorization: ${secret:abc}')).toBe('headers.Authorization: ${secret:abc}');
  });
});

describe('redactValue', () => {
  it('redacts by key and by value at any depth, and keeps maxTokens/progressToken', () => {
    let deep: unknown = { apiKey: 'sk-live-123456', note: 'kc-access-token-0123456789' };
    for (let i = 0; i < 50_000; i++) deep = [deep];
    let out = redactValue(deep, secretValues(['kc-access-token-0123456789']));
    for (let i = 0; i < 50_000; i++) out = (out as unknown[])[0];
    expect(out).toEqual({ apiKey: REDACTED, note: REDACTED });
    const msg = { params: { _meta: { progressToken: 7 }, arguments: { maxTokens: 100, token: 'abcdefgh', nested: { secret: 42 } } } };
    expect(redactValue(msg)).toEqual({ params: { _meta: { progressToken: 7 }, arguments: { maxTokens: 100, token: REDACTED, nested: { secret: REDACTED } } } });
  });
  it('survives cycles and keeps odd keys as own properties', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redactValue(a)).toEqual({ name: 'a', self: '[cycle]' });
    const odd = JSON.parse('{"__proto__": {"password": "x1"}}') as Record<string, unknown>;
    expect(Object.keys(redactValue(odd))).toEqual(['__proto__']);
  });
});

describe('redactedJson (the trace text in one pass)', () => {
  it('is exactly JSON.stringify(redactValue(…)) for JSON-RPC-shaped values', () => {
    const held = secretValues(['kc-access-token-0123456789']);
    const samples: unknown[] = [
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'kc-access-token-0123456789 here' }, _meta: { progressToken: 3 } } },
      { jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'see https://u:pw12345678@example.com/?api_key=abc&x=1 and Authorization: Bearer abcdefghijklmnopqrst' }] } },
      { secrets: ['one-secret-value', ['nested-secret', { inner: 'kept', password: 'p4ssw0rd!!' }], 42, null, true, ''], apiKey: 12345, token: '' },
      { auth: { scope: 'read' }, headers: { 'X-Api-Key': 'abc', Accept: 'application/json' }, list: [[1, 2], ['a=b', 'password=hunter22']] },
      JSON.parse('{"__proto__": {"password": "x1"}, "": "empty key", "maxTokens": 100}'),
      ['top', { client_secret: 'cs-123456789' }],
      'a bare string with password=hunter22',
      null,
    ];
    for (const value of samples) expect(redactedJson(value, held)).toBe(JSON.stringify(redactValue(value, held)));
  });
  it('throws on a cycle (the caller falls back to redactValue, which marks it)', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(() => redactedJson(a)).toThrow(TypeError);
  });
});

describe('redactText pairs', () => {
  it('needs "=", ": " or a JSON key before a value (keychain account names like secret:own-token stay)', () => {
    expect(redactText('stored secret:own-token')).toBe('stored secret:own-token');
    expect(redactText('{"apiKey":"abcd1234"}')).toBe(`{"apiKey":"${REDACTED}"}`);
    expect(redactText('password: hunter22')).toBe(`password: ${REDACTED}`);
  });
});

describe('redactText: a field path is a name, not a secret (issue 14 item 8)', () => {
  it('keeps a placeholder warning of a server whose name ends in "auth" or "token"', () => {
    // Failing input: the pair rule read `remote-auth": headers.Authorization` as a secret pair.
    const warning = 'Server "remote-auth": headers.Authorization holds ${API_TOKEN}, which is not set: left as written';
    expect(redactText(warning)).toBe(warning);
    for (const field of ['env.API_KEY', 'args[2]', 'headers.X-Api-Key']) {
      const text = `Server "my-token": ${field} holds \${NOPE}, which is not set: left as written`;
      expect(redactText(text)).toBe(text);
    }
    expect(redactValue({ message: warning })).toEqual({ message: warning });
  });
  it('still redacts real credentials, dotted ones (a JWT) included', () => {
    expect(redactText('Authorization: Bearer xyz0123456789abcdef')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('token=xyz12345')).toBe(`token=${REDACTED}`);
    expect(redactText('token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.SflKxwRJSMeKKF2QT4fw')).toBe(`token=${REDACTED}`);
    expect(redactText('Server "remote-auth": hunter2hunter2')).toBe(`Server "remote-auth": ${REDACTED}`);
  });
});

describe('held values that are only placeholders (issue 14 item 8, fresh-user trial)', () => {
  it('a header held as ${env:…} does not redact the warning that names it; a real held value still goes', () => {
    const held = secretValues(['${env:WEATHER_API_KY}', 'Bearer ${TOKEN_NAME}', '${A}${B_LONGER}', 'real-held-secret-value-42']);
    const warning = 'Server "remote-ev": headers.Authorization holds ${env:WEATHER_API_KY}, which is not set: left as written';
    expect(redactText(warning, held)).toBe(warning);
    expect(redactText('uses Bearer ${TOKEN_NAME} and ${A}${B_LONGER}', held)).toBe('uses Bearer ${TOKEN_NAME} and ${A}${B_LONGER}');
    expect(redactText('leaked real-held-secret-value-42 here', held)).toBe(`leaked ${REDACTED} here`);
    // A value with literal text beside a placeholder may carry a secret: still held.
    expect(redactText('x sk-live-${SUFFIX} y', secretValues(['sk-live-${SUFFIX}']))).toBe(`x ${REDACTED} y`);
  });
});

describe('redactText on huge text', () => {
  it('runs over 8 MB without blowing the regex stack', () => {
    const big = `Echo: 0:${'x'.repeat(8 * 1024 * 1024)} token=abcdefgh https://u:p@h/${'y'.repeat(100_000)}`;
    const out = redactText(big);
    expect(out.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(out).toContain(`token=${REDACTED}`);
  });
});
