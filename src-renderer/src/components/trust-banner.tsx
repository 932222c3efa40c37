/**
 * Workspace trust prompt (SPEC §2): project-level servers stay `untrusted` (no process, no
 * connection) until the user trusts the folder once; the button calls `trust:grant`. The banner
 * lists what trusting would run — each server with its command line or URL — so the person knows
 * what they agree to.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { fileAt, launchText, plural } from '../lib/format.js';
import { useApp } from '../store/use-store.js';
import { PathText } from './path-text.js';

/** The banner; renders nothing when the folder is trusted or has no untrusted servers. */
export function TrustBanner({ snapshot }: { snapshot: ServersSnapshot }) {
  const { api, store } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const untrusted = snapshot.servers.filter((s) => s.status === 'untrusted');
  if (snapshot.project.trusted || untrusted.length === 0) return null;

  const trust = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const r = await api.call('trust:grant', {});
    setBusy(false);
    if (r.ok) store.applySnapshot(r.data);
    else setError(`Could not trust this folder: ${r.error.message}`);
  };

  return (
    <section aria-label="Workspace trust">
      <Alert color="grape" variant="light" title="Trust this folder?" className="trust-banner">
        <Text size="sm">
          Config files in <PathText path={snapshot.project.dir} /> want to start{' '}
          {plural(untrusted.length, 'server')}; nothing runs until you trust the folder.
        </Text>
        <ul className="trust-list" aria-label="What trusting runs">
          {untrusted.map((s) => (
            <li key={s.server.name}>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {s.server.name}
                </Text>
                <Text size="sm" className="mono launch-line">
                  {launchText(s.server)}
                </Text>
                <Text size="xs" c="dimmed">
                  from <PathText path={fileAt(s.server.source.file, s.server.source.line)} copyText={s.server.source.file} copyable />
                </Text>
              </Stack>
            </li>
          ))}
        </ul>
        <Group gap="sm" align="center">
          <Button color="grape" size="xs" onClick={trust} loading={busy}>
            Trust this folder
          </Button>
          <Text size="xs" c="dimmed">
            Trusting starts these now and on every later run.
          </Text>
        </Group>
        {error ? (
          <Text c="red" size="sm" mt={6} role="alert">
            {error}
          </Text>
        ) : null}
      </Alert>
    </section>
  );
}
