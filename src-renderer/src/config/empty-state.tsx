/**
 * First run: no server anywhere → one button that adds the reference server (`servers:addDefault`)
 * to Switchboard's own `<dataDir>/servers.json` (the path comes from `app:info`).
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApp } from '../store/use-store.js';
import { PathText } from '../common/path-text.js';

/** `<dataDir>/servers.json` with the platform's separator. */
export function ownServersFile(dataDir: string, platform: string): string {
  const sep = platform === 'win32' ? '\\' : '/';
  return dataDir.endsWith(sep) ? `${dataDir}servers.json` : `${dataDir}${sep}servers.json`;
}

/** The empty state, centred in the main area. */
export function EmptyState() {
  const { api, store } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [file, setFile] = useState<string>();

  useEffect(() => {
    let live = true;
    void api.call('app:info', {}).then((r) => {
      if (live && r.ok) setFile(ownServersFile(r.data.dataDir, r.data.platform));
    });
    return () => {
      live = false;
    };
  }, [api]);

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
      <Button size="md" onClick={() => void add()} loading={busy}>
        Add the reference server
      </Button>
      <Text size="sm" c="dimmed" ta="center" maw={520}>
        {file ? (
          <>
            This adds it to <PathText path={file} copyable />, Switchboard&apos;s own config file; your
            other apps&apos; files are not touched.
          </>
        ) : (
          <>This adds it to Switchboard&apos;s own servers.json; your other apps&apos; files are not touched.</>
        )}
      </Text>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
