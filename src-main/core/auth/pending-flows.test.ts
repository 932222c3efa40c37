import { describe, expect, it } from 'vitest';
import { parseDeepLink } from '../../../src-shared/deep-link.js';
import { defaultCredentialId } from './credential-id.js';
import { freeLoopbackPort, LoopbackListeners, loopbackRedirectUri } from './loopback-server.js';
import { FLOW_TIMEOUT_MESSAGE, PendingFlows } from './pending-flows.js';
import { REDACTED, SecretRedactor } from '../redaction/secret-redactor.js';
import { unionScopes } from './sign-in-flow.js';

/** What the desktop shell does with a link: parse it, deliver an OAuth callback by state. */
function deliver(flows: PendingFlows, url: string): string {
  const link = parseDeepLink(url);
  if (link.kind !== 'oauth-callback') return `invalid: ${link.kind === 'invalid' ? link.reason : link.kind}`;
  return flows.complete({ state: link.state, code: link.code, error: link.error, errorDescription: link.errorDescription });
}

describe('pending OAuth flows by state (docs/auth.md)', () => {
  it('a valid deep-link callback completes its flow with the code; forged, replayed and malformed links are rejected', async () => {
    const flows = new PendingFlows();
    const code = flows.begin('state-abc');
    expect(deliver(flows, 'mcp-switchboard://oauth/callback?state=forged&code=evil')).toBe('unknown-state');
    expect(deliver(flows, 'mcp-switchboard://oauth/callback?state=state-abc&code=the-code')).toBe('accepted');
    await expect(code).resolves.toBe('the-code');
    expect(deliver(flows, 'mcp-switchboard://oauth/callback?state=state-abc&code=again')).toBe('replayed-state');
    expect(deliver(flows, 'mcp-switchboard://oauth/callback?code=no-state')).toBe('invalid: OAuth callback without "state"');
    expect(deliver(flows, 'mcp-switchboard://oauth/callback?state=s')).toBe('invalid: OAuth callback without "code" or "error"');
    expect(deliver(flows, 'https://evil.example/oauth/callback?state=s&code=c')).toMatch(/^invalid: wrong scheme/);
    expect(deliver(flows, 'mcp-switchboard://oauth%2')).toMatch(/^invalid/);
    expect(flows.size).toBe(0);
  });

  it('an error redirect fails the flow with docs/operator-verbs.md wording', async () => {
    const flows = new PendingFlows();
    const code = flows.begin('s1');
    expect(flows.complete({ state: 's1', error: 'access_denied', errorDescription: 'The user said no' })).toBe('accepted');
    await expect(code).rejects.toThrow('OAuth authentication failed: access_denied: The user said no');
  });

  it('times out with "OAuth flow timed out. Please try again." and then treats the state as spent', async () => {
    const flows = new PendingFlows();
    const code = flows.begin('slow', { timeoutMs: 20 });
    await expect(code).rejects.toThrow(FLOW_TIMEOUT_MESSAGE);
    expect(FLOW_TIMEOUT_MESSAGE).toBe('OAuth flow timed out. Please try again.');
    expect(flows.complete({ state: 'slow', code: 'late' })).toBe('replayed-state');
    expect(() => flows.begin('slow')).toThrow('already in use');
  });

  it('oauth/done brings the app forward', () => {
    expect(parseDeepLink('mcp-switchboard://oauth/done')).toEqual({ kind: 'focus' });
  });
});

describe('loopback redirect listener (RFC 8252)', () => {
  it('listens on 127.0.0.1 only while a flow waits, answers unknown states with 400 and stops afterwards', async () => {
    const flows = new PendingFlows();
    const listeners = new LoopbackListeners({ flows, doneUrl: 'mcp-switchboard://oauth/done' });
    const port = await freeLoopbackPort();
    const release = await listeners.acquire(port);
    const code = flows.begin('st', { onSettled: release });
    const forged = await fetch(`${loopbackRedirectUri(port)}?state=nope&code=x`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('unknown, expired or already used');
    const good = await fetch(`${loopbackRedirectUri(port)}?state=st&code=abc`);
    expect(good.status).toBe(200);
    const body = await good.text();
    expect(body).toContain('You are signed in');
    expect(body).toContain('url=mcp-switchboard://oauth/done');
    await expect(code).resolves.toBe('abc');
    await expect.poll(() => listeners.ports().length).toBe(0);
    await expect(fetch(loopbackRedirectUri(port))).rejects.toThrow();
  });
});

describe('credential ids, scopes and redaction', () => {
  it('derives the default credential id from the server URL', () => {
    expect(defaultCredentialId('https://Example.COM/mcp/?x=1#f')).toBe('https://example.com/mcp');
    expect(defaultCredentialId('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(defaultCredentialId('file:///etc/passwd')).toBeUndefined();
    expect(defaultCredentialId('not a url')).toBeUndefined();
  });

  it('unions scopes in order without duplicates', () => {
    expect(unionScopes('a b', undefined, 'b c', '')).toBe('a b c');
    expect(unionScopes(undefined, '')).toBeUndefined();
  });

  it('redacts every known secret, longest first, and leaves short values alone', () => {
    const r = new SecretRedactor();
    r.add('tok-1234567890');
    r.add('tok-1234567890-longer');
    r.add('short');
    expect(r.redact('Bearer tok-1234567890-longer and tok-1234567890 and short')).toBe(`Bearer ${REDACTED} and ${REDACTED} and short`);
    expect(r.size).toBe(2);
  });
});
