/** The issuer `idp:set` takes (methods/idp.ts): https, or plain http on this computer only. */
import { describe, expect, it } from 'vitest';
import { idpMethods } from './methods/idp.js';

const issuerError = (issuer: string): string | undefined => {
  const parsed = idpMethods['idp:set'].input.safeParse({ name: 'corp', issuer, clientId: 'sb' });
  return parsed.success ? undefined : parsed.error.issues.map((i) => i.message).join('; ');
};

describe('idp:set issuer', () => {
  it('refuses plain http to another computer: the ID token and the client secret would travel unencrypted', () => {
    expect(issuerError('http://idp.example.com')).toBe('The issuer must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)');
    expect(issuerError('http://10.0.0.5:8080/realms/corp')).toBe('The issuer must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)');
    expect(issuerError('ftp://idp.example.com')).toBe('The issuer must be an https URL (plain http only on this computer: 127.0.0.1, ::1, localhost)');
  });

  it('refuses text that is no URL (a failure, not a thrown error), a user name or password, a query or a fragment', () => {
    expect(['not a url', '', 'https://user:pw@idp.example.com', 'https://idp.example.com/?tenant=1', 'https://idp.example.com/#x', 'https://idp.example.com/?'].map(issuerError)).toEqual([
      'The issuer must be a URL, such as https://idp.example.com/realms/corp',
      'The issuer must be a URL, such as https://idp.example.com/realms/corp',
      'The issuer must not hold a user name or password',
      'The issuer has no query (?…) or fragment (#…)',
      'The issuer has no query (?…) or fragment (#…)',
      'The issuer has no query (?…) or fragment (#…)',
    ]);
  });

  it('takes https anywhere and http on the loopback', () => {
    expect(['https://idp.example.com/realms/corp', 'http://127.0.0.1:8080', 'http://[::1]:9000', 'http://localhost:3000'].map(issuerError)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
