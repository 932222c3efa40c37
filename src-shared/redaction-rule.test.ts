/**
 * The one redaction rule, both ways (issue 26 item 2; docs/security.md "Redaction"): each kind of
 * value on its side — masked, or kept byte for byte — through the *shown or stored* use
 * (`redactText`, `redactValue`, `redactedJson`: logs, trace, lastError, history, exports) and the
 * *handed on* use (`maskHeld`: results of `call`, `--json`, the library — only held values, counted).
 * Failing input: a literal high-entropy credential or a JWT under an ordinary name reached logs,
 * `?code=` in an echoed path too; `${DATA_ROOT:-/opt/data}` turned `/opt/data/x.md` into `[redacted]/x.md`.
 */
import { describe, expect, it } from 'vitest';
import { isPlainLocation, isSecretValue, maskHeld, REDACTED, redactedJson, redactText, redactValue, secretArgValues, secretValues } from './redaction.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const ENTROPY = 'Qm4xT9vB2nR7kW1pL8sD3fH6jZ0cV5gY';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ZAP = 'ODk2ZjE3YzQtN2U4Yi00YzU5LWI0YTQtNjc1ZjkwYjYxMmJhOjE2YjQ5';
const WEBHOOK = 'x7Qp2LkZ9vN_mR4tY8wB-c1HfJ6sD3gKaE0uTzVqPo5nW2rXbM9yLcF4hGjS7dAQ';

/** Kept byte for byte by both uses, whatever the key (none of these is a secret). */
const KEPT: [kind: string, text: string][] = [
  ['an expanded folder path', '/opt/data/x.md'],
  ['a long absolute path with a random temp part', '/tmp/switchboard-test-Ab3dE9/servers/config/servers.json'],
  ['a relative path of words', 'src/components/Button2/index/module/file.tsx'],
  ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  ['a W3C traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
  ['a trace id and a span id', 'trace 4bf92f3577b34da6a3ce929d0e0e4736 span 00f067aa0ba902b7'],
  ['a sha256 digest', 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  ['a git hash (40 hex)', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
  ['a git hash (64 hex)', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  ['a plain URL', 'https://example.com/mcp/v1/servers/list?page=2&sort=name'],
  ['a plain URL with a random query value (an OAuth code_challenge)', 'https://auth.example/authorize?response_type=code&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=s1'],
  ['a host name', 'api.eu-west-1.example.com'],
  ['ordinary words', 'The quick brown fox jumps over the lazy dog 42 times.'],
  ['a long identifier of words', 'MAX_CONNECTIONS_PER_HOST_DEFAULT_2'],
  ['a data URL', `data:image/png;base64,${PNG}`],
  ['prose after a lower-case scheme word', 'basic understanding-of-the-configuration and bearer of-good-news-today'],
  ['a placeholder after an auth scheme', 'Authorization: Bearer ${GITHUB_TOKEN}'],
  ['an npm integrity digest (sha512-)', 'npm integrity sha512-Q7h3yJ2kLm9Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAaZx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAaZx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7G=='],
  ['a URL path of words and a git hash', 'https://github.com/acme/mcp-servers/commit/da39a3ee5e6b4b0d3255bfef95601890afd80709/src/index.ts'],
  ['a long absolute path of words', '/home/someone/projects/switchboard/node_modules/@modelcontextprotocol/server-everything/dist/index.js'],
];

/** Masked by the shown-or-stored use, whatever the key: each as [kind, text, what it shows]. */
const MASKED: [kind: string, text: string, shown: string][] = [
  ['a high-entropy string', `value ${ENTROPY} end`, `value ${REDACTED} end`],
  ['a base64 secret with slashes', `AWS_SECRET=${AWS_SECRET}`, `AWS_SECRET=${REDACTED}`],
  ['a JWT', `token is ${JWT}.`, `token is ${REDACTED}.`],
  ['a GitHub token under an ordinary name', 'MY_CONFIG: ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAa', `MY_CONFIG: ${REDACTED}`],
  ['a GitLab token', 'glpat-Zx9Kq2Lm8Np4Rt6Vw1Yb', REDACTED],
  ['an npm token', 'npm_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAa12', REDACTED],
  ['an Anthropic key', 'sk-ant-api03-Zx9Kq2Lm8Np4Rt6Vw1Yb', REDACTED],
  ['a Google API key', 'AIzaSyZx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkA', REDACTED],
  ['a URL with userinfo', 'https://alice:pw-123456@db.example/x', 'https://alice:***@db.example/x'],
  ['a URL with ?access_token=', 'https://example.com/cb?access_token=abc12345&x=1', 'https://example.com/cb?access_token=***&x=1'],
  ['?access_token= in an echoed path', 'GET /mcp?access_token=abc12345&x=1 404', 'GET /mcp?access_token=***&x=1 404'],
  ['?code= in an echoed path', 'GET /callback?state=s1&code=4/0AbCdEf 200', 'GET /callback?state=s1&code=*** 200'],
  // Attack 8 F5: a pair inside a quoted value whose key is not secret was skipped with the outer pair.
  ['a pair inside a quoted JSON value', '"CONN": "Server=db;User Id=sa;Password=Hunter2Hunter2;"', `"CONN": "Server=db;User Id=sa;Password=${REDACTED};"`],
  ['a pair inside a JSON string in prose', '{"msg": "login with password=Hunter2Hunter2 failed"}', `{"msg": "login with password=${REDACTED} failed"}`],
  ['a pair in JSON text inside a JSON string', '{"message":"{\\"x\\": \\"password=Hunter3Hunter3\\"}"}', `{"message":"{\\"x\\": \\"password=${REDACTED}\\"}"}`],
  ['GitHub\'s token scheme: the credential, not the word', 'Authorization: token abcdef0123456789abcdef', `Authorization: token ${REDACTED}`],
  ['an Authorization header inside a quoted value', '"h": "Authorization: token abcdef0123456789abcdef"', `"h": "Authorization: token ${REDACTED}"`],
  ['a lower-case bearer scheme', 'bearer abcdefghijklmnop1234', `bearer ${REDACTED}`],
  ['a random value after a public name: the name stays (attack 8 M6)', 'nextPageToken=CiAKGjBpNDd2Nmp2Zml4MmVkMXcyYnRqaXRmbGw5EgRmb28', `nextPageToken=${REDACTED}`],
  // Attack 8 F14: the absolute-path exemption swallowed a random segment of a URL or file path.
  ['a secret segment of a URL path', `connecting https://mcp.zapier.com/api/mcp/s/${ZAP}/mcp`, `connecting https://mcp.zapier.com/api/mcp/s/${REDACTED}/mcp`],
  ['a webhook secret in a URL path', `https://discord.com/api/webhooks/123456789012345678/${WEBHOOK}`, `https://discord.com/api/webhooks/123456789012345678/${REDACTED}`],
  ['a secret segment of an echoed path', `POST /api/mcp/s/${ZAP}/mcp 404`, `POST /api/mcp/s/${REDACTED}/mcp 404`],
];

describe('the one redaction rule, both ways', () => {
  it.each(KEPT)('keeps %s byte for byte when shown or stored, and as a result', (_kind, text) => {
    expect(redactText(text)).toBe(text);
    expect(redactValue({ note: text, list: [text] })).toEqual({ note: text, list: [text] });
    expect(maskHeld({ text }, secretValues(['a-held-value-1']))).toEqual({ value: { text }, redactions: 0 });
  });

  it.each(MASKED)('masks %s when shown or stored', (_kind, text, shown) => {
    expect(redactText(text)).toBe(shown);
    expect(JSON.parse(redactedJson({ text }))).toEqual({ text: shown });
  });

  it('whole values: a credential shape is a secret, a path, URL, host or word is not', () => {
    for (const v of [ENTROPY, AWS_SECRET, JWT, 'ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAa']) expect(isSecretValue(v), v).toBe(true);
    for (const [, v] of KEPT) expect(isSecretValue(v), v).toBe(false);
  });

  it('never masks identifiers under identifier keys nor the base64 of image, audio and blob content', () => {
    const message = {
      headers: { 'mcp-session-id': ENTROPY, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      result: {
        nextCursor: ENTROPY,
        content: [
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: PNG, mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///x.bin', blob: PNG } },
          { type: 'text', text: ENTROPY },
        ],
      },
    };
    const expected = structuredClone(message);
    expected.result.content[3] = { type: 'text', text: REDACTED };
    expect(redactValue(message)).toEqual(expected);
    expect(JSON.parse(redactedJson(message))).toEqual(expected);
  });

  it('a location is never held, whatever key or command supplied it; a credential-looking one is (attack 8 F8)', () => {
    for (const v of ['/opt/data/service-account.json', '~/keys/gcp.json', 'C:\\keys\\sa.json', '/usr/local/opt', 'localhost', '127.0.0.1:5432']) expect(isPlainLocation(v), v).toBe(true);
    for (const v of [`/keys/${ENTROPY}/a.json`, 'Hunter2Hunter2', 'db.example.com', ENTROPY, 'https://alice:pw-123456@db.example/x']) expect(isPlainLocation(v), v).toBe(false);
  });

  it('keeps a held value inside a data URL in text; masks it outside (attack 8 F9)', () => {
    const held = secretValues(['iVBORw0KGgoAAAANSUhEUg']);
    const text = `see data:image/png;base64,${PNG} and iVBORw0KGgoAAAANSUhEUg`;
    expect(maskHeld({ text }, held)).toEqual({ value: { text: `see data:image/png;base64,${PNG} and ${REDACTED}` }, redactions: 1 });
  });

  it('a secret-named launch flag masks its value: --db-pass= (attack 8 M3); a lone "pass" is no secret', () => {
    expect(redactText('node srv.js --db-pass=Hunter2Hunter4c')).toBe(`node srv.js --db-pass=${REDACTED}`);
    expect(secretArgValues(['--db-pass=Hunter2Hunter4c', '--smtp-pass', 'Hunter2Hunter5d', '--pass', '3'])).toEqual(['Hunter2Hunter4c', 'Hunter2Hunter5d']);
    expect(redactValue({ pass: 3, failed: 0 })).toEqual({ pass: 3, failed: 0 });
  });

  it('counts each masked value once per result as the person sees it, not again in the views that repeat it (attack 8 F11)', () => {
    const held = secretValues(['Hunter2Hunter2', 'Hunter2Hunter2Hunter2']);
    const text = 'a Hunter2Hunter2 b Hunter2Hunter2Hunter2 c Hunter2Hunter2';
    const shown = `a ${REDACTED} b ${REDACTED} c ${REDACTED}`;
    const result = { text, content: [{ type: 'text', text }], structuredContent: { message: text }, isError: false };
    expect(maskHeld(result, held)).toEqual({ value: { text: shown, content: [{ type: 'text', text: shown }], structuredContent: { message: shown }, isError: false }, redactions: 3 });
    expect(maskHeld([text, text], held).redactions).toBe(6);
  });

  it('a result handed on masks only held values, counts them, and keeps everything else byte for byte', () => {
    const held = secretValues(['keychain-value-9f2', ENTROPY]);
    const result = {
      text: `/opt/data/x.md uses keychain-value-9f2; the server's own token ${JWT} and ${AWS_SECRET} stay; ${ENTROPY} twice: ${ENTROPY}`,
      structuredContent: { path: '/opt/data/x.md', id: '123e4567-e89b-12d3-a456-426614174000', url: 'https://example.com/cb?access_token=abc12345' },
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
    };
    const { value, redactions } = maskHeld(result, held);
    expect(redactions).toBe(3);
    expect(value).toEqual({
      ...result,
      text: `/opt/data/x.md uses ${REDACTED}; the server's own token ${JWT} and ${AWS_SECRET} stay; ${REDACTED} twice: ${REDACTED}`,
    });
  });
});
