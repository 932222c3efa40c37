/**
 * The company grants' own rules, without a server (issue 38; company-grants.ts): when a second
 * JWT-bearer grant may follow the first.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCompanyAuth } from '../config/company-auth.js';
import { workloadGrant, type CompanyGrantDeps } from './company-grants.js';
import type { CredentialStore } from './credential-store.js';

const deps: CompanyGrantDeps = { store: {} as CredentialStore, env: { WORKLOAD_JWT: 'header.payload.signature' }, onSecret: () => undefined, now: () => 1_000_000 };

describe('a company grant is sent once per answer', () => {
  it("an answered grant may be followed at once by a wider one (the SDK's step-up on 403 insufficient_scope); an unanswered one is not sent again", async () => {
    const grant = workloadGrant(deps, { clientId: 'bot', assertionEnv: 'WORKLOAD_JWT' });
    expect(String(await grant.prepareTokenRequest('read'))).toBe('grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=header.payload.signature&scope=read');
    grant.tokensSaved();
    expect((await grant.prepareTokenRequest('read write')).get('scope')).toBe('read write');
    // No tokens for that one (refused): the SDK's retry ends in words, no third request.
    await expect(grant.prepareTokenRequest('read write')).rejects.toThrow("The authorization server refused the JWT-bearer grant (its answer is in the server's log); it is not retried and no browser sign-in is tried");
  });

  it('a workload JWT that cannot be read says what is missing and where it was looked for, not that it was refused', async () => {
    const missing = workloadGrant(deps, { clientId: 'bot', assertionFile: '/nonexistent/switchboard-test/workload.jwt' });
    await expect(missing.prepareTokenRequest()).rejects.toMatchObject({
      kind: 'unusable',
      message: 'The workload JWT file is missing: nothing at /nonexistent/switchboard-test/workload.jwt (looked for when the token was requested); the server gets no token until it is there',
    });
    await expect(workloadGrant(deps, { clientId: 'bot', assertionFile: '${NOT_SET}/token.jwt' }).prepareTokenRequest()).rejects.toThrow(
      'The workload JWT file path "${NOT_SET}/token.jwt" is not absolute: write the full path in servers.json (${HOME}/… works); nothing was read',
    );
    await expect(workloadGrant(deps, { clientId: 'bot', assertionEnv: 'NOT_SET_HERE' }).prepareTokenRequest()).rejects.toThrow(
      'The environment variable NOT_SET_HERE with the workload JWT is not set in the environment Switchboard runs in; set it there and connect again',
    );
  });

  it('a workload key takes an asymmetric algorithm only, and a key that cannot sign says how to fix it', async () => {
    expect(readCompanyAuth({ type: 'workload', clientId: 'bot', assertionEnv: 'J', privateKeyEnv: 'K', alg: 'HS256' }, true)).toEqual({
      problem: '"auth" of type "workload" is incomplete: alg: must be one of ES256, ES384, ES512, RS256, RS384, RS512, PS256, PS384, PS512 (an asymmetric algorithm matching the private key)',
    });
    // A SEC1 PEM ("BEGIN EC PRIVATE KEY"), as openssl ecparam writes it: not PKCS#8.
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'sec1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    const grant = workloadGrant({ ...deps, env: { ...deps.env, WORKLOAD_KEY: sec1 } }, { clientId: 'bot', assertionEnv: 'WORKLOAD_JWT', privateKeyEnv: 'WORKLOAD_KEY' });
    const sign = grant.addClientAuthentication?.(new Headers(), new URLSearchParams(), 'https://as.example/token', undefined);
    await expect(sign).rejects.toMatchObject({ kind: 'unusable', message: expect.stringMatching(/^The private key from the environment variable WORKLOAD_KEY cannot sign ES256: it must be a PKCS#8 PEM \("-----BEGIN PRIVATE KEY-----"\) of that algorithm's key type \(convert one with openssl pkcs8 -topk8 -nocrypt\)/) });
  });
});
