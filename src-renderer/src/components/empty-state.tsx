/** First run: no server anywhere → one button that adds the reference server (`servers:addDefault`). */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApp } from '../store/use-store.js';

/** The empty state, centred in the main area. */
export function EmptyState() {
  const { api, store } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const add = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const r = await api.call('servers:addDefault', {});
    setBusy(false);
    if (r.ok) {
      store.applySnapshot(r.data);
      void store.refreshTools();
    } else setError(`Could not add the reference server: ${r.error.message}`);
  };

  return (
    <Stack align="center" justify="center" gap="sm" className="empty-state" role="region" aria-label="No servers">
      <Title order={2}>No MCP servers found</Title>
      <Text c="dimmed" ta="center" maw={520}>
        No config file on this machine or in this folder defines an MCP server yet. Add the reference
        server (server-everything, shipped with Switchboard) to see tools and try a call.
      </Text>
      <Button size="md" onClick={add} loading={busy}>
        Add the reference server
      </Button>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
