/**
 * DPoP end to end through the core (issue 38 item 1, docs/auth.md "DPoP"): an `oidc-provider`
 * authorization server and a resource that takes only DPoP-bound tokens with a proof checked by
 * `jose` (`fixtures/dpop-server.mjs`), the real keychain. One world, one sign-in; then: the bound
 * token is refused without a proof and its accepted proof refused when replayed, a nonce challenge
 * is followed, a nonce loop stops with a sentence, a restart keeps the sign-in, and the private key
 * is in no file of the data folder nor in what the renderer is given.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { defaultCredentialId, oauthAccount } from './credential-id.js';
import type { CredentialSecrets } from './credential-store.js';
import { waitFor } from './test-browser.js';
// @ts-expect-error a plain-JS test fixture without types
import { startDpopServer } from './fixtures/dpop-server.mjs';
import { oauthTestCore } from './test-core.js';

interface DpopFixture {
  url: string;
  stats(): { accepted: number; refused: number; lastRefusal: string; nonceChallenges: number };
  lastProof(): { token: string; proof: string } | undefined;
  nonceMode(mode: 'off' | 'once' | 'loop'): void;
  revoke(token: string): void;
  signIn(authorizationUrl: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

let world: TempWorld;
let server: DpopFixture;
let secrets: KeytarSecretStore;
let core: SwitchboardCore;
const service = `mcp-switchboard-test-${randomUUID()}`;

async function status(name = 'bound'): Promise<string | undefined> {
  const list = await core.handlers['servers:list']({});
  return list.ok ? list.data.servers.find((s) => s.server.name === name)?.status : undefined;
}

async function whoami(): Promise<{ ok: boolean; text: string }> {
  const res = await core.handlers['tools:call']({ server: 'bound', tool: 'whoami', args: {} } as never);
  if (!res.ok) return { ok: false, text: `${res.error.code}: ${res.error.message}` };
  const data = res.data as { isError?: boolean; content?: { text?: string }[] };
  return { ok: data.isError !== true, text: JSON.stringify(data) };
}

async function kept(): Promise<CredentialSecrets> {
  const raw = await secrets.get(oauthAccount(defaultCredentialId(server.url) ?? ''));
  return raw ? (JSON.parse(raw) as CredentialSecrets) : {};
}

/** Every file under `dir` whose bytes contain `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesHolding(path, needle));
    else if (readFileSync(path).includes(needle)) out.push(path);
  }
  return out;
}

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(service);
  server = (await startDpopServer()) as DpopFixture;
  writeOwnServers(world, { bound: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
  core = oauthTestCore(world, secrets);
  await core.start();
  await core.settled();
});

afterAll(async () => {
  await core?.dispose();
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

describe('DPoP (RFC 9449) against oidc-provider and a proof-checking resource', () => {
  it('signs in with a DPoP-bound token and presents it with a fresh proof; the token alone and a replayed proof are refused', async () => {
    // The resource's `DPoP` challenge is what asks for DPoP here (the AS's OpenID metadata is not kept by the SDK).
    expect(await status()).toBe('needs-auth');
    const start = await core.handlers['auth:signIn']({ server: 'bound' });
    if (!start.ok || start.data.status !== 'pending') throw new Error(`expected a pending sign-in: ${JSON.stringify(start)}`);
    const key = (await kept()).dpop;
    expect(key?.alg).toBe('ES256');
    expect(new URL(start.data.authorizationUrl).searchParams.get('dpop_jkt')).toBe(key?.thumbprint);
    expect((await server.signIn(start.data.authorizationUrl)).status).toBe(200);
    await waitFor('bound connected', async () => (await status()) === 'connected');

    const tokens = (await kept()).tokens;
    expect(tokens?.token_type).toBe('DPoP');
    expect(await whoami()).toMatchObject({ ok: true });
    expect((await whoami()).text).toContain(`DPoP key ${key?.thumbprint}`);

    // The bound token without a proof, as a bearer token, and with a proof already used: refused.
    const call = (headers: Record<string, string>) =>
      fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    const used = server.lastProof();
    if (!used) throw new Error('no accepted proof');
    expect((await call({ authorization: `DPoP ${used.token}` })).status).toBe(401);
    expect(server.stats().lastRefusal).toBe('no DPoP proof');
    expect((await call({ authorization: `Bearer ${used.token}` })).status).toBe(401);
    expect((await call({ authorization: `DPoP ${used.token}`, dpop: used.proof })).status).toBe(401);
    expect(server.stats().lastRefusal).toBe('the proof was used before');

    // The trace says a proof was sent, never the proof.
    const trace = await core.handlers['trace:get']({ server: 'bound', method: 'tools/call' });
    const dump = JSON.stringify(trace);
    expect(dump).toContain('(a DPoP proof was sent; not shown)');
    expect(dump).not.toContain(used.proof.slice(0, 40));
  });

  it('follows a use_dpop_nonce challenge once, and names a nonce loop instead of retrying forever', async () => {
    server.nonceMode('once');
    const before = server.stats();
    expect(await whoami()).toMatchObject({ ok: true });
    expect(server.stats().nonceChallenges - before.nonceChallenges).toBe(1);
    expect(server.stats().accepted - before.accepted).toBe(1);

    server.nonceMode('loop');
    const looped = await whoami();
    expect(looped.ok).toBe(false);
    expect(looped.text).toContain('DPoP nonce loop: http://127.0.0.1');
    expect(looped.text).toContain('"failure":{"code":"server-error","retryable":true,"hint":"The server keeps asking for a new DPoP nonce');
    server.nonceMode('off');
  });

  it('refreshes a refused DPoP-bound token with a proof (the refresh token is bound to the key too)', async () => {
    const before = (await kept()).tokens;
    if (!before?.refresh_token) throw new Error('no refresh token');
    server.revoke(before.access_token);
    expect((await whoami()).text).toContain(`DPoP key ${(await kept()).dpop?.thumbprint}`);
    const after = (await kept()).tokens;
    expect(after?.token_type).toBe('DPoP');
    expect(after?.access_token).not.toBe(before.access_token);
  });

  it('keeps the DPoP-bound sign-in across a restart; the private key is in the keychain and in no file of the data folder', async () => {
    const { dpop } = await kept();
    const d = dpop?.privateJwk.d;
    if (typeof d !== 'string') throw new Error('no private DPoP key in the keychain entry');
    await core.dispose();
    core = oauthTestCore(world, secrets);
    await core.start();
    await core.settled();
    await waitFor('bound connected after the restart', async () => (await status()) === 'connected');
    expect((await whoami()).text).toContain(`DPoP key ${dpop?.thumbprint}`);
    expect(filesHolding(world.dataDir, d)).toEqual([]);
    // Nor in what the renderer is given (the server list, the sign-in state).
    const seen = JSON.stringify([await core.handlers['servers:list']({}), await core.handlers['auth:status']({ server: 'bound' })]);
    expect(seen).toContain('"signedIn":true');
    expect(seen).not.toContain(d);
  });
});
