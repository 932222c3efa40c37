/**
 * Workspace trust prompt (SPEC §2): project-level servers stay `untrusted` (no process, no
 * connection) until the user trusts the folder once; the button calls `trust:grant`.
 */
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { plural } from '../lib/format.js';
import { useApp } from '../store/use-store.js';

/** The banner; renders nothing when the folder is trusted or has no untrusted servers. */
export function TrustBanner({ snapshot }: { snapshot: ServersSnapshot }) {
  const { api, store } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const untrusted = snapshot.servers.filter((s) => s.status === 'untrusted');
  if (snapshot.project.trusted || untrusted.length === 0) return null;
  const files = snapshot.project.projectFiles.length
    ? snapshot.project.projectFiles
    : [...new Set(untrusted.map((s) => s.server.source.file))];

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
          This folder's config files want to start {plural(untrusted.length, 'server')}:{' '}
          {untrusted.map((s) => s.server.name).join(', ')}. Nothing from them runs until you trust it.
        </Text>
        <List size="sm" my={6}>
          {files.map((f) => (
            <List.Item key={f} className="mono">
              {f}
            </List.Item>
          ))}
        </List>
        <Group gap="sm" align="center">
          <Text size="sm">
            Trust <span className="mono">{snapshot.project.dir}</span>?
          </Text>
          <Button color="grape" size="xs" onClick={trust} loading={busy}>
            Trust this folder
          </Button>
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
