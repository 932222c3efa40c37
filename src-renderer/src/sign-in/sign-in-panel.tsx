/**
 * Sign-in for OAuth servers (docs/auth.md, §5): a server in `needs-auth` gets a Sign in button; a signed-in
 * OAuth server gets Sign in again (`reauth`) and Sign out (`unauth`). The renderer only ever sees
 * the authorization URL and the outcome — tokens stay in main and the keychain.
 */
import { Alert, Anchor, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';
import { DEPRECATED_2026 } from '../servers/server-protocol.js';
import { openSignInPage } from './open-sign-in-page.js';
import { PreRegisteredClientForm, preRegisteredInput, type PreRegisteredClient } from './pre-registered-client.js';

/** The sign-in section of a server's detail view; renders nothing for servers without OAuth. */
export function SignInPanel({ state }: { state: ServerState }) {
  const { api } = useApp();
  const name = state.server.name;
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  // Issue 13: the desktop app can sign in through mcp-switchboard://oauth/callback instead of the loopback.
  const [redirect, setRedirect] = useState<'loopback' | 'deep-link'>();
  const [desktop, setDesktop] = useState(false);
  const [client, setClient] = useState<PreRegisteredClient>({});
  // Issue 38: how the core gets this server's tokens without a browser (its words, not a rule here).
  const [company, setCompany] = useState<string>();
  useEffect(() => {
    void api.call('app:info', {}).then((r) => setDesktop(r.ok && r.data.mode === 'electron'));
    void api.call('auth:status', { server: name }).then((r) => {
      if (!r.ok || !r.data) return;
      if (r.data.redirect) setRedirect(r.data.redirect);
      setCompany(companyLine(r.data.grant, r.data.idp));
    });
  }, [api, name]);

  useEffect(
    () =>
      api.on('auth:changed', (change) => {
        if (change.server !== name) return;
        setBusy(false);
        setUrl(undefined);
        if (change.outcome === 'signed-in') setMessage({ ok: true, text: `Signed in to "${name}".` });
        else if (change.outcome === 'signed-out') setMessage({ ok: true, text: `Signed out of "${name}".` });
        else setMessage({ ok: false, text: change.message ?? 'OAuth authentication failed' });
      }),
    [api, name],
  );

  const needsAuth = state.status === 'needs-auth';
  if (!needsAuth && state.server.authType !== 'oauth') return null;

  const signIn = async (force: boolean): Promise<void> => {
    setBusy(true);
    setMessage(undefined);
    const r = await api.call('auth:signIn', { server: name, force, ...preRegisteredInput(client), ...(desktop && redirect ? { redirect } : {}) });
    // The secret is in main (and the keychain) now: the form does not keep it.
    setClient((c) => ({ clientId: c.clientId }));
    if (!r.ok) {
      setBusy(false);
      setMessage({ ok: false, text: r.error.message });
      return;
    }
    if (r.data.status === 'authorized') {
      setBusy(false);
      setMessage({ ok: true, text: `Signed in to "${name}".` });
      return;
    }
    setUrl(r.data.authorizationUrl);
    await openSignInPage(api, r.data.authorizationUrl);
  };

  const signOut = async (): Promise<void> => {
    setMessage(undefined);
    const r = await api.call('auth:signOut', { server: name });
    if (!r.ok) setMessage({ ok: false, text: r.error.message });
  };

  return (
    <section aria-label="Sign-in">
      <Alert color={needsAuth ? 'yellow' : 'gray'} variant="light" title={needsAuth ? `Sign-in required for "${name}"` : 'OAuth sign-in'}>
        {company ? (
          <Text size="sm" aria-label="How this server signs in">
            {company}
          </Text>
        ) : null}
        {needsAuth ? (
          <>
            <Text size="sm">This server asks you to sign in. Your token is kept in the OS keychain, never in a file.</Text>
            <Text size="xs" c="dimmed">
              Without a pre-registered client, Switchboard registers itself with the server first (dynamic client registration, {DEPRECATED_2026}).
            </Text>
            {state.lastError ? (
              <Text size="xs" c="dimmed" className="mono" mt={4}>
                {state.lastError}
              </Text>
            ) : null}
          </>
        ) : null}
        {desktop ? (
          <Group gap="xs" mt="xs">
            <Text size="xs" id={`redirect-${name}`}>
              Redirect
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={`redirect-${name}`}
              value={redirect ?? 'loopback'}
              onChange={(v) => setRedirect(v as 'loopback' | 'deep-link')}
              data={[
                { value: 'loopback', label: 'Loopback (default)' },
                { value: 'deep-link', label: 'mcp-switchboard://oauth/callback' },
              ]}
            />
          </Group>
        ) : null}
        <PreRegisteredClientForm
          name={name}
          open={/pre-registered OAuth client/.test(`${message?.text ?? ''} ${state.lastError ?? ''}`)}
          value={client}
          onChange={setClient}
        />
        <Group gap="xs" mt="xs">
          {needsAuth ? (
            <Button size="xs" onClick={() => void signIn(false)} loading={busy} data-sign-in>
              Sign in
            </Button>
          ) : (
            <>
              <Button size="xs" variant="default" onClick={() => void signIn(true)} loading={busy}>
                Sign in again
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void signOut()}>
                Sign out
              </Button>
            </>
          )}
        </Group>
        {url ? (
          <Text size="sm" mt="xs">
            Waiting for you to finish in the browser.{' '}
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              Open the sign-in page
            </Anchor>
          </Text>
        ) : null}
        {message ? (
          <Text size="sm" mt="xs" c={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Text>
        ) : null}
      </Alert>
    </section>
  );
}

/** The line saying how a server gets tokens without a browser (`auth:status` grant/idp), or undefined for a browser sign-in. */
function companyLine(grant: 'enterprise' | 'workload' | undefined, idp: string | undefined): string | undefined {
  if (grant === 'enterprise') return `Signs in through the identity provider "${idp ?? '?'}" (Settings → Identity providers), with no browser per server.`;
  return grant === 'workload' ? "Signs in with a workload identity (the JWT named in its definition), with no browser." : undefined;
}
