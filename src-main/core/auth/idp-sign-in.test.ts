/** The ID-token checks of an identity-provider sign-in (idp-sign-in.ts `idTokenProblem`; OIDC Core §3.1.3.7). */
import { describe, expect, it } from 'vitest';
import { idTokenProblem } from './idp-sign-in.js';

const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: object): string => `${b64({ alg: 'none' })}.${b64(claims)}.`;
const want = { issuer: 'https://idp.example', clientId: 'sb', nonce: 'n-1', now: 1_000_000_000_000 };
const good = { iss: 'https://idp.example', aud: 'sb', nonce: 'n-1', exp: 1_000_000_100 };

describe('idTokenProblem', () => {
  it('accepts a token for this issuer, client and sign-in (aud may be a list)', () => {
    expect([idTokenProblem(token(good), want), idTokenProblem(token({ ...good, aud: ['other', 'sb'] }), want)]).toEqual([undefined, undefined]);
  });

  it('names what is wrong: another issuer, another audience, another nonce, expired, not a JWT', () => {
    expect([
      idTokenProblem(token({ ...good, iss: 'https://evil.example' }), want),
      idTokenProblem(token({ ...good, aud: 'someone-else' }), want),
      idTokenProblem(token({ ...good, nonce: 'replayed' }), want),
      idTokenProblem(token({ ...good, exp: 999_999_999 }), want),
      idTokenProblem('no-dots-here', want),
    ]).toEqual(['issuer is not https://idp.example', 'audience is not sb', 'nonce does not match', 'already expired', 'not a JWT']);
  });
});
