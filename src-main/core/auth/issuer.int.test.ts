/**
 * OAuth as MCP 2026-07-28 asks (issue 12 item 6), through the core with real authorization servers
 * on 127.0.0.1 (`fixtures/protected-server.mjs`) and the real keychain: the redirect's RFC 9207
 * `iss` (right, wrong), metadata whose `issuer` is not its own, a server that moves to a new
 * authorization server (a new registration there, the old client never shown to it, clients kept
 * per issuer), and a `403 insufficient_scope` with no browser to open (a sign-in prompt asking for
 * the union of the scopes).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../src-shared/api/contract.js';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { defaultCredentialId, oauthAccount } from './credential-id.js';
import { approveSignIn, waitFor } from './test-browser.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from './fixtures/protected-server.mjs';
import { oauthTestCore } from './test-core.js';

interface Fixture {
  url: string;
  origin: string;
  issuer: string;
  seenClients(): string[];
  moveTo(other: Fixture): void;
  stats(): Record<string, number>;
  close(): Promise<void>;
}

let secrets: KeytarSecretStore;
const service = `mcp-switchboard-test-${randomUUID()}`;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  secrets = new KeytarSecretStore(service);
});

afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
});

/** A world with one OAuth server `prot` at `fixture`, and a core on it (disposed after the test). */
async function setUp(fixture: Fixture): Promise<{ core: SwitchboardCore; events: { event: string; payload: unknown }[]; world: TempWorld }> {
  const world = makeWorld();
  writeOwnServers(world, { prot: { type: 'http', url: fixture.url, auth: { type: 'oauth' } } });
  const events: { event: string; payload: unknown }[] = [];
  const core = oauthTestCore(world, secrets);
  core.subscribe(<E extends EventName>(event: E, payload: EventPayload<E>) => events.push({ event, payload }));
  cleanups.push(() => world.cleanup(), () => core.dispose());
  await core.start();
  await core.settled();
  return { core, events, world };
}

async function start(options: Record<string, unknown> = {}): Promise<Fixture> {
  const fixture = (await startProtectedServer(options)) as Fixture;
  cleanups.push(() => fixture.close());
  return fixture;
}

async function runtime(core: SwitchboardCore): Promise<{ status?: string; lastError?: string }> {
  const list = await core.handlers['servers:list']({});
  if (!list.ok) throw new Error(list.error.message);
  const s = list.data.servers.find((x) => x.server.name === 'prot');
  return { status: s?.status, lastError: s?.lastError };
}

/** Start a sign-in and approve it as the person; resolves with the authorization URL. */
async function signIn(core: SwitchboardCore): Promise<URL> {
  const started = await core.handlers['auth:signIn']({ server: 'prot' });
  if (!started.ok) throw new Error(started.error.message);
  if (started.data.status !== 'pending') throw new Error('expected a pending sign-in');
  await approveSignIn(started.data.authorizationUrl);
  return new URL(started.data.authorizationUrl);
}

/** The sign-in's end as the core announced it. */
function outcome(events: { event: string; payload: unknown }[]): Promise<{ outcome: string; message?: string }> {
  return waitFor('the sign-in outcome', () => events.find((e) => e.event === 'auth:changed')?.payload as { outcome: string; message?: string } | undefined);
}

async function whoami(core: SwitchboardCore): Promise<{ text: string; isError: boolean }> {
  const res = await core.handlers['tools:call']({ server: 'prot', tool: 'whoami', args: {} } as never);
  if (!res.ok) return { text: res.error.message, isError: true };
  const data = res.data as { isError?: boolean; text?: string; content?: { text?: string }[] };
  return { text: data.content?.map((c) => c.text ?? '').join('') || data.text || '', isError: data.isError === true };
}

async function stored(fixture: Fixture): Promise<{ tokens?: { issuer?: string }; client?: unknown; clients?: Record<string, { client_id: string; issuer?: string }> }> {
  const raw = await secrets.get(oauthAccount(defaultCredentialId(fixture.url)!));
  return raw ? JSON.parse(raw) : {};
}

describe('issuer checks of MCP 2026-07-28 (real authorization servers, real keychain)', () => {
  it('accepts a redirect whose iss is its authorization server (advertised) and binds the client to that issuer', async () => {
    const as = await start({ iss: 'correct', issAdvertised: true });
    const { core, events } = await setUp(as);
    await signIn(core);
    expect(await outcome(events)).toMatchObject({ outcome: 'signed-in' });
    await waitFor('connected', async () => (await runtime(core)).status === 'connected');
    const kept = await stored(as);
    expect(Object.keys(kept.clients ?? {})).toEqual([as.issuer]);
    expect(kept.tokens?.issuer).toBe(as.issuer);
  });

  it('refuses a redirect whose iss names another issuer: the code is never exchanged, no token is stored, the attacker value is not shown', async () => {
    const as = await start({ iss: 'wrong', issAdvertised: true });
    const { core, events } = await setUp(as);
    await signIn(core);
    const end = await outcome(events);
    expect(end.outcome).toBe('failed');
    expect(end.message).toContain(`did not come from the authorization server ${as.issuer}`);
    expect(end.message).not.toContain('evil.example.com');
    expect(as.stats().codeExchanges).toBe(0);
    expect((await stored(as)).tokens).toBeUndefined();
    expect((await runtime(core)).status).toBe('needs-auth');
  });

  it('refuses a redirect without iss when the server advertised it', async () => {
    const as = await start({ iss: 'none', issAdvertised: true });
    const { core, events } = await setUp(as);
    await signIn(core);
    expect((await outcome(events)).outcome).toBe('failed');
    expect(as.stats().codeExchanges).toBe(0);
  });

  it('refuses authorization server metadata whose issuer is not its own: nothing is registered or asked', async () => {
    const as = await start({ metadataIssuer: 'https://attacker.example.com/' });
    const { core } = await setUp(as);
    const started = await core.handlers['auth:signIn']({ server: 'prot' });
    expect(started.ok).toBe(false);
    expect(started.ok ? '' : started.error.message).toContain(`the authorization server metadata at ${as.issuer} names another issuer`);
    expect(as.stats().registrations).toBe(0);
    expect(as.stats().authorizations).toBe(0);
  });

  it('a server that moves to a new authorization server asks for a sign-in, registers there, never shows the old client to it, and keeps both clients by issuer', async () => {
    const as1 = await start();
    const as2 = await start();
    const { core, events } = await setUp(as1);
    await signIn(core);
    await outcome(events);
    await waitFor('connected to AS1', async () => (await runtime(core)).status === 'connected');
    expect((await whoami(core)).text).toContain('scopes mcp:tools mcp:admin');
    const as1Client = (await stored(as1)).clients?.[as1.issuer]?.client_id;
    expect(as1Client).toBeTruthy();

    as1.moveTo(as2);
    const call = await whoami(core);
    expect(call.isError).toBe(true);
    const moved = await waitFor('needs-auth after the move', async () => {
      const r = await runtime(core);
      return r.status === 'needs-auth' ? r : undefined;
    });
    expect(moved.lastError).toContain(`now uses the authorization server ${as2.issuer}`);

    events.length = 0;
    const url = await signIn(core);
    expect(url.origin).toBe(as2.origin);
    expect(await outcome(events)).toMatchObject({ outcome: 'signed-in' });
    await waitFor('connected through AS2', async () => (await runtime(core)).status === 'connected');
    expect((await whoami(core)).text).toContain('client');
    expect(as2.stats().registrations).toBe(1);
    expect(as2.seenClients()).not.toContain(as1Client);
    const kept = await stored(as1);
    expect(Object.keys(kept.clients ?? {}).sort()).toEqual([as1.issuer, as2.issuer].sort());
    expect(kept.clients?.[as1.issuer]?.client_id).toBe(as1Client);
    expect(kept.tokens?.issuer).toBe(as2.issuer);
  });

  it('a 403 insufficient_scope with no browser to open becomes a sign-in prompt naming the scope; the sign-in asks for the union', async () => {
    const as = await start();
    const { core, events } = await setUp(as);
    await signIn(core);
    await outcome(events);
    await waitFor('connected', async () => (await runtime(core)).status === 'connected');

    await fetch(`${as.origin}/test/require-scope?scope=mcp:extra`, { method: 'POST' });
    const call = await whoami(core);
    expect(call.isError).toBe(true);
    expect(call.text).not.toContain('after trying upscoping');
    expect(call.text).toContain('switchboard reauth prot');
    const prompt = await waitFor('needs-auth', async () => {
      const r = await runtime(core);
      return r.status === 'needs-auth' ? r : undefined;
    });
    expect(prompt.lastError).toContain('asks for more scope (mcp:extra)');
    expect(prompt.lastError).toContain('switchboard reauth prot');

    events.length = 0;
    const url = await signIn(core);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin', 'mcp:extra']));
    expect(await outcome(events)).toMatchObject({ outcome: 'signed-in' });
    await waitFor('connected again', async () => (await runtime(core)).status === 'connected');
    expect((await whoami(core)).text).toContain('mcp:extra');
  });
});
