/**
 * The nonce-loop check of dpop-fetch.ts, on answers alone (a function of what the server says):
 * a loop is a request challenged again after retrying with the nonce its own challenge gave.
 */
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { CredentialStore } from './credential-store.js';
import { dpopFetch } from './dpop-fetch.js';

const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A request whose DPoP proof carries `nonce` (only the claim is read). */
const init = (body: string, nonce: string): RequestInit => ({ method: 'POST', body, headers: { DPoP: `${b64({ typ: 'dpop+jwt', alg: 'ES256' })}.${b64({ nonce })}.sig` } });
const challenge = (nonce: string): Response => new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': nonce } });

describe('dpopFetch nonce loops', () => {
  it('a concurrent request built with a nonce another request was just handed, challenged because the server rotated it, is not a loop', async () => {
    // The server takes a proof with its current nonce and challenges any other with the current one.
    let current = 'n1';
    const server: FetchLike = async (_url, req) => {
      const proof = String(new Headers(req?.headers).get('dpop'));
      const sent = (JSON.parse(Buffer.from(proof.split('.')[1] ?? '', 'base64url').toString()) as { nonce: string }).nonce;
      return sent === current ? new Response('{}', { status: 200 }) : challenge(current);
    };
    const f = dpopFetch({ store: {} as CredentialStore, credentialId: 'c', base: server });
    const url = 'https://mcp.example/mcp';
    expect((await f(url, init('{"id":1}', 'n0'))).status).toBe(401); // A is handed n1
    current = 'n2'; // the server rotates
    expect((await f(url, init('{"id":2}', 'n1'))).status).toBe(401); // B, built with n1: its first attempt, not a loop
    expect((await f(url, init('{"id":2}', 'n2'))).status).toBe(200); // B's retry
    expect((await f(url, init('{"id":1}', 'n2'))).status).toBe(200); // A's retry, with the session's newest nonce
  });

  it('the same request challenged again after retrying with the nonce its challenge gave is a loop, said in words', async () => {
    let n = 0;
    const f = dpopFetch({ store: {} as CredentialStore, credentialId: 'c', base: async () => challenge(`fresh-${++n}`) });
    const url = 'https://mcp.example/mcp';
    expect((await f(url, init('{"id":1}', 'old'))).status).toBe(401);
    await expect(f(url, init('{"id":1}', 'fresh-1'))).rejects.toThrow('DPoP nonce loop: https://mcp.example asked for a DPoP nonce (use_dpop_nonce) again after Switchboard retried with the nonce it gave');
  });
});
