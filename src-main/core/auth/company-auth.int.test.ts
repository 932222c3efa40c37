/**
 * Company sign-in end to end through the core (issue 38 items 2–4), for what the conformance
 * scenarios do not cover: the person's one OpenID Connect sign-in to the identity provider (the
 * suite hands over an ID token), an IdP policy refusal shown in words for that server only, an
 * expired IdP session, and a workload's JWT read from a file and kept out of every file we write.
 * Real parts: an IdP, an authorization server taking the JWT bearer grant and MCP servers on
 * 127.0.0.1 (`fixtures/company-idp.mjs`), the real keychain, real sockets.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../src-shared/api/contract.js';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { IdentityProviders } from './identity-providers.js';
import { readCompanyAuth } from '../config/company-auth.js';
import { waitFor } from './test-browser.js';
// @ts-expect-error a plain-JS test fixture without types
import { startCompanyIdp } from './fixtures/company-idp.mjs';
import { oauthTestCore } from './test-core.js';

interface Fixture {
  idpIssuer: string;
  idpClientId: string;
  workloadClientId: string;
  url(path: string): string;
  stats(): { authorizations: number; exchanges: number; refusals: number; jwtBearer: number; workloadGrants: number; assertions: string[] };
  close(): Promise<unknown>;
}

let world: TempWorld;
let fx: Fixture;
let secrets: KeytarSecretStore;
let core: SwitchboardCore;
let jwtFile: string;
const events: { event: string; payload: unknown }[] = [];
const workloadJwt = `eyJhbGciOiJFUzI1NiJ9.${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`;

async function server(name: string): Promise<{ status: string; lastError?: string }> {
  const list = await core.handlers['servers:list']({});
  if (!list.ok) throw new Error(list.error.message);
  const s = list.data.servers.find((x) => x.server.name === name);
  return { status: s?.status ?? 'missing', ...(s?.lastError ? { lastError: s.lastError } : {}) };
}

/** Every file under `dir` as text. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path, 'latin1')];
  });
}

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
  fx = (await startCompanyIdp({ workloadJwt })) as Fixture;
  jwtFile = join(world.root, 'workload.jwt');
  writeFileSync(jwtFile, `${workloadJwt}\n`, { mode: 0o600 });
  writeOwnServers(world, {
    allowed: { type: 'http', url: fx.url('/mcp-allowed'), auth: { type: 'enterprise', idp: 'corp', clientId: 'switchboard' } },
    denied: { type: 'http', url: fx.url('/mcp-denied'), auth: { type: 'enterprise', idp: 'corp', clientId: 'switchboard' } },
    build: { type: 'http', url: fx.url('/mcp-workload'), auth: { type: 'workload', clientId: fx.workloadClientId, assertionFile: jwtFile } },
  });
  await startCore();
});

/** A core on the world, its events recorded. */
async function startCore(): Promise<void> {
  core = oauthTestCore(world, secrets);
  core.subscribe(<E extends EventName>(event: E, payload: EventPayload<E>) => events.push({ event, payload }));
  await core.start();
  await core.settled();
}

afterAll(async () => {
  await core?.dispose();
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await fx?.close();
  world?.cleanup();
});

describe('company sign-in (enterprise-managed authorization, workload identity)', () => {
  it('a workload connects with the JWT-bearer grant from its file, and the JWT is in no file we write nor in what the faces get', async () => {
    expect(await server('build')).toEqual({ status: 'connected' });
    const who = await core.handlers['tools:call']({ server: 'build', tool: 'whoami', args: {} } as never);
    expect(who.ok && JSON.stringify(who.data)).toContain(`client ${fx.workloadClientId}`);
    expect(fx.stats().workloadGrants).toBe(1);
    expect(fx.stats().assertions).toEqual([workloadJwt]);
    const status = await core.handlers['auth:status']({ server: 'build' });
    expect(status.ok && status.data).toMatchObject({ signedIn: true, grant: 'workload' });
    const faces = JSON.stringify([await core.handlers['servers:list']({}), status]);
    expect(faces).not.toContain(workloadJwt);
    expect(filesUnder(world.dataDir).filter((text) => text.includes(workloadJwt))).toEqual([]);
  });

  it('signs in once at the identity provider; each server gets its token without a browser, and a policy refusal is told for that server', async () => {
    // Not configured yet: told in words, per server.
    expect(await server('allowed')).toMatchObject({ status: 'error', lastError: expect.stringContaining('The identity provider "corp" is not configured: add it with switchboard idp add corp') });
    const set = await core.handlers['idp:set']({ name: 'corp', issuer: fx.idpIssuer, clientId: fx.idpClientId });
    expect(set.ok && set.data).toEqual({ name: 'corp', issuer: fx.idpIssuer, clientId: fx.idpClientId, hasClientSecret: false, signedIn: false, servers: ['allowed', 'denied'], keychain: true });

    const start = await core.handlers['idp:signIn']({ name: 'corp' });
    if (!start.ok) throw new Error(start.error.message);
    const auth = new URL(start.data.authorizationUrl);
    expect([auth.origin, auth.searchParams.get('scope'), auth.searchParams.get('code_challenge_method')]).toEqual([fx.idpIssuer, 'openid', 'S256']);
    expect(auth.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    // The person's browser: the IdP approves at once, the redirect lands on the loopback.
    const redirect = await fetch(auth, { redirect: 'manual' });
    await fetch(String(redirect.headers.get('location'))).then((r) => r.text());
    await waitFor('idp signed in', () => events.some((e) => e.event === 'idp:changed' && (e.payload as { outcome: string }).outcome === 'signed-in'));

    expect(await server('allowed')).toEqual({ status: 'connected' });
    expect(await server('denied')).toEqual({
      status: 'error',
      lastError: expect.stringContaining('The identity provider "corp" refused access to this server (access_denied: policy forbids this app for ada): its policy does not allow it for you; ask your administrator'),
    });
    // One browser round trip for both servers.
    expect(fx.stats().authorizations).toBe(1);
    expect(fx.stats().refusals).toBeGreaterThanOrEqual(1);
    const status = await core.handlers['auth:status']({ server: 'allowed' });
    expect(status.ok && status.data).toMatchObject({ signedIn: true, grant: 'enterprise', idp: 'corp' });
    const list = await core.handlers['idp:list']({});
    expect(list.ok && list.data.map((i) => [i.name, i.signedIn, i.servers])).toEqual([['corp', true, ['allowed', 'denied']]]);
    const { session } = await new IdentityProviders(world.dataDir, secrets).secretsOf('corp');
    const idToken = session?.idToken ?? '';
    expect(idToken.split('.')).toHaveLength(3);
    expect(filesUnder(world.dataDir).filter((text) => text.includes(idToken))).toEqual([]);
  });

  it('only Switchboard\'s own file may name a workload JWT source or an identity provider', () => {
    const workload = { type: 'workload', clientId: 'bot', assertionFile: '/home/me/.ssh/id_ed25519' };
    expect(readCompanyAuth(workload, false)).toEqual({ problem: '"auth" of type "workload" is read only in Switchboard\'s own servers.json' });
    expect(readCompanyAuth({ type: 'enterprise', idp: 'corp' }, false)).toEqual({ problem: '"auth" of type "enterprise" is read only in Switchboard\'s own servers.json' });
    expect(readCompanyAuth({ type: 'workload', clientId: 'bot' }, true)).toEqual({ problem: '"auth" of type "workload" needs exactly one of "assertionFile" and "assertionEnv" (where the workload\'s JWT is read)' });
    expect(readCompanyAuth(workload, true)).toEqual({ auth: { type: 'oauth', workload: { clientId: 'bot', assertionFile: '/home/me/.ssh/id_ed25519' } } });
  });

  it('an expired identity-provider session asks for a sign-in there, in words', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: fx.idpIssuer, aud: fx.idpClientId, exp: past })).toString('base64url')}.`;
    await new IdentityProviders(world.dataDir, secrets).updateSecrets('corp', (s) => ({ ...s, session: { idToken: expired, signedInAt: Date.now() } }));
    await core.handlers['auth:signOut']({ server: 'allowed' });
    await waitFor('allowed needs-auth', async () => (await server('allowed')).status === 'needs-auth');
    expect((await server('allowed')).lastError).toContain('the session at the identity provider "corp" expired; sign in again with switchboard idp login corp');
    const list = await core.handlers['idp:list']({});
    expect(list.ok && list.data[0]).toMatchObject({ signedIn: false, session: 'expired' });
    // The server's own Sign in (reauth) goes to the identity provider first, then needs no browser.
    const start = await core.handlers['auth:signIn']({ server: 'allowed' });
    if (!start.ok || start.data.status !== 'pending') throw new Error('expected a sign-in at the identity provider');
    expect(new URL(start.data.authorizationUrl).origin).toBe(fx.idpIssuer);
    const redirect = await fetch(start.data.authorizationUrl, { redirect: 'manual' });
    await fetch(String(redirect.headers.get('location'))).then((r) => r.text());
    await waitFor('allowed signed in', () => events.some((e) => e.event === 'auth:changed' && (e.payload as { server: string; outcome: string }).server === 'allowed' && (e.payload as { outcome: string }).outcome === 'signed-in'));
    expect(await server('allowed')).toEqual({ status: 'connected' });
    expect(fx.stats().authorizations).toBe(2);
  });

  it('a refused workload grant is sent once, also when the protocol era is remembered (no second connect to probe again)', async () => {
    // A fresh core finds the era 'build' connected over in state.json, and no tokens: it must grant.
    await core.dispose();
    for (const account of await secrets.accounts()) await secrets.delete(account);
    writeFileSync(jwtFile, 'eyJhbGciOiJFUzI1NiJ9.bm90LXRoZS1vbmU.c2ln\n');
    const before = fx.stats().jwtBearer;
    await startCore();
    expect(await server('build')).toEqual({ status: 'error', lastError: "The authorization server refused the JWT-bearer grant (its answer is in the server's log); it is not retried and no browser sign-in is tried" });
    expect(fx.stats().jwtBearer - before).toBe(1);
    const logs = await core.handlers['logs:get']({ server: 'build' });
    expect(logs.ok && logs.data.map((l) => l.text).filter((t) => t.startsWith('connecting:') || t.includes('remembered'))).toEqual([expect.stringMatching(/^connecting: http /)]);
  });

  it("an identity provider's secret and session stay with its issuer and client: changed, removed mid-sign-in, or written at once", async () => {
    const info = async (input: { name: string; issuer: string; clientId: string; clientSecret?: string }): Promise<unknown> => {
      const out = await core.handlers['idp:set'](input);
      if (!out.ok) throw new Error(out.error.message);
      return { hasClientSecret: out.data.hasClientSecret, signedIn: out.data.signedIn };
    };
    // Another issuer without a new secret: the old secret is not sent there.
    expect(await info({ name: 'other', issuer: 'https://idp-one.example', clientId: 'sb', clientSecret: 'first-secret' })).toEqual({ hasClientSecret: true, signedIn: false });
    expect(await info({ name: 'other', issuer: 'https://idp-one.example', clientId: 'sb' })).toEqual({ hasClientSecret: true, signedIn: false });
    expect(await info({ name: 'other', issuer: 'https://idp-two.example', clientId: 'sb' })).toEqual({ hasClientSecret: false, signedIn: false });

    // Removed while the person is at the IdP: the sign-in's end keeps no session for a later IdP of that name.
    await info({ name: 'late', issuer: fx.idpIssuer, clientId: fx.idpClientId });
    const start = await core.handlers['idp:signIn']({ name: 'late' });
    if (!start.ok) throw new Error(start.error.message);
    expect(await core.handlers['idp:remove']({ name: 'late' })).toEqual({ ok: true, data: { removed: true } });
    const redirect = await fetch(start.data.authorizationUrl, { redirect: 'manual' });
    await fetch(String(redirect.headers.get('location'))).then((r) => r.text());
    await waitFor('late sign-in refused', () => events.some((e) => e.event === 'idp:changed' && (e.payload as { name: string }).name === 'late'));
    expect(events.filter((e) => e.event === 'idp:changed' && (e.payload as { name: string }).name === 'late').map((e) => e.payload)).toEqual([
      { name: 'late', outcome: 'failed', message: 'The identity provider "late" was removed or changed during the sign-in; the session was not kept' },
    ]);
    expect(await info({ name: 'late', issuer: fx.idpIssuer, clientId: fx.idpClientId })).toEqual({ hasClientSecret: false, signedIn: false });

    // Two changes at once (a secret set while a sign-in ends) both land.
    const store = new IdentityProviders(world.dataDir, secrets);
    await Promise.all([store.updateSecrets('both', (s) => ({ ...s, clientSecret: 'x' })), store.updateSecrets('both', (s) => ({ ...s, session: { idToken: 'a.b.c', signedInAt: 1 } }))]);
    expect(await store.secretsOf('both')).toEqual({ clientSecret: 'x', session: { idToken: 'a.b.c', signedInAt: 1 } });
  });
});
