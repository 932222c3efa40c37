/**
 * The deep-link OAuth redirect (issue 13 item 8) against the real authorization server fixture and
 * the real keychain: `auth.redirect: "deep-link"` in servers.json makes the desktop app's sign-in
 * register and use `mcp-switchboard://oauth/callback`; the redirect comes back as a deep link and
 * is matched by `state`; outside the desktop app it is refused; a choice made at sign-in is
 * remembered per server over the file's default.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseDeepLink } from '../../../src-shared/deep-link.js';
import { consentRedirect, waitFor } from './test-browser.js';
import { DEEP_LINK_NEEDS_APP } from '../handlers/auth.js';
import { KeytarSecretStore } from '../secrets/secret-store.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import type { CoreOptions, SwitchboardCore } from '../facade/types.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from './fixtures/protected-server.mjs';

let world: TempWorld;
let server: { url: string; close(): Promise<void> };
let secrets: KeytarSecretStore;

function makeCore(mode: CoreOptions['mode']): SwitchboardCore {
  return createSwitchboardCore(
    {
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode,
      version: '0.0.0-test',
      referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
      secrets,
      oauthFlowTimeoutMs: 20_000,
    },
    { eventDelayMs: 5, watchConfig: false },
  );
}

beforeAll(async () => {
  world = makeWorld();
  secrets = new KeytarSecretStore(`mcp-switchboard-test-${randomUUID()}`);
  server = (await startProtectedServer({ accessTtlS: 3600 })) as typeof server;
  writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth', redirect: 'deep-link' } } });
});

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await server?.close();
  world?.cleanup();
});

it('outside the desktop app the deep-link redirect is refused, and not remembered', async () => {
  const core = makeCore('web');
  try {
    await core.start();
    const st = await core.handlers['auth:status']({ server: 'prot' });
    expect(st.ok && st.data?.redirect).toBe('deep-link');
    expect(await core.handlers['auth:signIn']({ server: 'prot' })).toEqual({ ok: false, error: { code: 'INVALID_CONFIG', message: DEEP_LINK_NEEDS_APP } });
    expect(await core.handlers['auth:signIn']({ server: 'prot', redirect: 'deep-link' })).toMatchObject({ ok: false });
  } finally {
    await core.dispose();
  }
});

it('the desktop app signs in through mcp-switchboard://oauth/callback, matched by state', async () => {
  const core = makeCore('electron');
  try {
    await core.start();
    await core.settled();
    const start = await core.handlers['auth:signIn']({ server: 'prot' });
    if (!start.ok || start.data.status !== 'pending') throw new Error(`expected a pending sign-in: ${JSON.stringify(start)}`);
    expect(new URL(start.data.authorizationUrl).searchParams.get('redirect_uri')).toBe('mcp-switchboard://oauth/callback');
    const back = await consentRedirect(start.data.authorizationUrl);
    const link = parseDeepLink(back);
    if (link.kind !== 'oauth-callback') throw new Error(`not a callback link: ${back}`);
    // A forged state is refused; the real one completes the flow.
    expect(core.handleOAuthCallback!({ state: 'forged', code: link.code })).toBe('unknown-state');
    expect(core.handleOAuthCallback!({ state: link.state, code: link.code })).toBe('accepted');
    await waitFor('prot connected', async () => {
      const l = await core.handlers['servers:list']({});
      return l.ok && l.data.servers.find((s) => s.server.name === 'prot')?.status === 'connected';
    });
    // The choice made at sign-in is remembered per server, over the file's default.
    const again = await core.handlers['auth:signIn']({ server: 'prot', force: true, redirect: 'loopback' });
    expect(again.ok && again.data.status === 'pending' && new URL(again.data.authorizationUrl).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    const st = await core.handlers['auth:status']({ server: 'prot' });
    expect(st.ok && st.data?.redirect).toBe('loopback');
  } finally {
    await core.dispose();
  }
});
