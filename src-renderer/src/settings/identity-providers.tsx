/**
 * Settings → Identity providers (issue 38 item 2; docs/auth.md "Enterprise-managed authorization"): the
 * company identity providers configured once, whether the person is signed in at each (and until when),
 * and the servers that sign in through it. Add sends the client secret once over the contract (`idp:set`)
 * and the form forgets it; nothing shows it back. Sign in opens the IdP's page as a server's Sign in does.
 * Every rule (what is valid, which servers use it, the session's state) is the core's; this only shows it.
 */
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { IdpInfo } from '../../../src-shared/api/methods/idp.js';
import { useApp } from '../store/use-store.js';
import { openSignInPage } from '../sign-in/open-sign-in-page.js';

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}
const EMPTY: Draft = { name: '', issuer: '', clientId: '', clientSecret: '' };

/** The session column's words for `idp`. */
function sessionText(idp: IdpInfo): string {
  if (!idp.keychain) return 'unknown (the keychain could not be read)';
  if (idp.signedIn) return idp.expiresAt !== undefined ? `signed in until ${new Date(idp.expiresAt).toLocaleString()}` : 'signed in';
  return idp.session === 'expired' ? 'session expired: sign in again' : 'not signed in';
}

/** The Identity providers section of the Settings view. */
export function IdentityProviders() {
  const { api } = useApp();
  const [idps, setIdps] = useState<IdpInfo[]>();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [pending, setPending] = useState<{ name: string; url: string }>();

  const refresh = useCallback(
    () =>
      api.call('idp:list', {}).then((r) => {
        if (r.ok) setIdps(r.data);
        else setMessage({ ok: false, text: r.error.message });
      }),
    [api],
  );

  useEffect(() => {
    const offs = [
      api.on('idp:changed', (change) => {
        setPending((p) => (p?.name === change.name ? undefined : p));
        if (change.outcome === 'failed') setMessage({ ok: false, text: change.message ?? `Sign-in to "${change.name}" failed` });
        else setMessage({ ok: true, text: change.outcome === 'signed-in' ? `Signed in to "${change.name}".` : `Signed out of "${change.name}".` });
        void refresh();
      }),
      api.on('config:reloaded', () => void refresh()),
    ];
    void refresh();
    return () => offs.forEach((off) => off());
  }, [api, refresh]);

  /** Runs `call`, shows its failure in words, and refreshes the list. */
  const act = async (call: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>, done?: string): Promise<boolean> => {
    setMessage(undefined);
    const r = await call();
    if (!r.ok) setMessage({ ok: false, text: r.error.message });
    else if (done) setMessage({ ok: true, text: done });
    await refresh();
    return r.ok;
  };

  const add = async (): Promise<void> => {
    setBusy(true);
    const { name, issuer, clientId, clientSecret } = draft;
    const added = await act(() => api.call('idp:set', { name: name.trim(), issuer: issuer.trim(), clientId: clientId.trim(), ...(clientSecret ? { clientSecret } : {}) }), `Added "${name.trim()}".`);
    // The secret is in the keychain now (or was refused): the form never keeps it.
    setDraft(added ? EMPTY : (d) => ({ ...d, clientSecret: '' }));
    setBusy(false);
  };

  const signIn = async (name: string): Promise<void> => {
    setMessage(undefined);
    const r = await api.call('idp:signIn', { name });
    if (!r.ok) return setMessage({ ok: false, text: r.error.message });
    setPending({ name, url: r.data.authorizationUrl });
    await openSignInPage(api, r.data.authorizationUrl);
  };

  return (
    <section aria-label="Identity providers">
      <Title order={3} size="h5" mb={4}>
        Identity providers
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Your company's sign-in, configured once: servers whose auth is {'{"type": "enterprise", "idp": "<name>"}'} get their tokens through it, with no browser per server.
      </Text>
      {idps && idps.length === 0 ? <Text size="sm">No identity provider yet.</Text> : null}
      {idps && idps.length > 0 ? (
        <Table aria-label="Configured identity providers" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Issuer</Table.Th>
              <Table.Th>Client id</Table.Th>
              <Table.Th>Session</Table.Th>
              <Table.Th>Servers</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {idps.map((idp) => (
              <Table.Tr key={idp.name} aria-label={`Identity provider ${idp.name}`}>
                <Table.Td>{idp.name}</Table.Td>
                <Table.Td className="mono">{idp.issuer}</Table.Td>
                <Table.Td className="mono">
                  {idp.clientId}
                  {idp.hasClientSecret ? ' (secret in the keychain)' : ''}
                </Table.Td>
                <Table.Td>{sessionText(idp)}</Table.Td>
                <Table.Td>{idp.servers.length > 0 ? idp.servers.join(', ') : 'none yet'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant={idp.signedIn ? 'default' : 'filled'} onClick={() => void signIn(idp.name)} aria-label={`Sign in to ${idp.name}`}>
                      {idp.signedIn ? 'Sign in again' : 'Sign in'}
                    </Button>
                    {idp.signedIn ? (
                      <Button size="xs" variant="subtle" onClick={() => void act(() => api.call('idp:signOut', { name: idp.name }))} aria-label={`Sign out of ${idp.name}`}>
                        Sign out
                      </Button>
                    ) : null}
                    <Button size="xs" variant="subtle" color="red" onClick={() => void act(() => api.call('idp:remove', { name: idp.name }), `Removed "${idp.name}".`)} aria-label={`Remove ${idp.name}`}>
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {pending ? (
        <Text size="sm" mt="xs">
          Waiting for you to finish signing in to "{pending.name}" in the browser.{' '}
          <Anchor href={pending.url} target="_blank" rel="noopener noreferrer">
            Open the sign-in page
          </Anchor>
        </Text>
      ) : null}
      <form
        aria-label="Add an identity provider"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Stack gap={6} mt="sm" maw={520}>
          <Group grow gap="xs" align="flex-start">
            <TextInput size="xs" label="Name" placeholder="corp" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <TextInput size="xs" label="Client id" value={draft.clientId} onChange={(e) => setDraft({ ...draft, clientId: e.currentTarget.value })} />
          </Group>
          <TextInput size="xs" label="Issuer" placeholder="https://login.example.com" value={draft.issuer} onChange={(e) => setDraft({ ...draft, issuer: e.currentTarget.value })} />
          <PasswordInput
            size="xs"
            label="Client secret (optional)"
            description="Goes to the OS keychain once; never shown again."
            autoComplete="off"
            value={draft.clientSecret}
            onChange={(e) => setDraft({ ...draft, clientSecret: e.currentTarget.value })}
          />
          <Group>
            <Button size="xs" type="submit" loading={busy} disabled={!draft.name.trim() || !draft.issuer.trim() || !draft.clientId.trim()}>
              Add identity provider
            </Button>
          </Group>
        </Stack>
      </form>
      {message ? (
        <Alert mt="xs" color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      ) : null}
    </section>
  );
}
