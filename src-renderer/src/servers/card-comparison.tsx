/**
 * "Compare with its Server Card" on a remote server's Server tab (issue 36 item 5; docs/registry.md
 * § Server Cards): the core reads the card again from the server's URL and lists where it and the
 * live connection differ (`cards:compare`); the live values are the ones that count. Asked only when
 * the person presses the button (reading a card contacts the server's domain). Advisory: nothing
 * is trusted, pinned or changed because of it.
 */
import { Alert, Button, List, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { CardCompareResult } from '../../../src-shared/api/cards.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';

export function CardComparison({ state }: { state: Pick<ServerState, 'server' | 'status'> }) {
  const { api } = useApp();
  const [result, setResult] = useState<CardCompareResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (state.server.transport === 'stdio') return null;
  const compare = async (): Promise<void> => {
    setBusy(true);
    const r = await api.call('cards:compare', { server: state.server.name });
    setBusy(false);
    if (r.ok) {
      setResult(r.data);
      setError(undefined);
    } else {
      setResult(undefined);
      setError(r.error.message);
    }
  };
  return (
    <Stack gap="xs" role="group" aria-label="Server Card comparison">
      <Button size="xs" variant="default" w="fit-content" onClick={() => void compare()} loading={busy} disabled={state.status !== 'connected'} title={state.status === 'connected' ? undefined : 'Connect first: the card is compared with what the server reports'}>
        Compare with its Server Card
      </Button>
      {error ? (
        <Alert color="gray" role="status">
          {error}
        </Alert>
      ) : null}
      {result ? (
        <>
          <Text size="xs" c="dimmed">
            Card from <span className="mono">{result.source}</span>. A card is advisory; the live values count.
          </Text>
          {result.differences.length === 0 ? (
            <Text size="sm" role="status">
              No differences ({result.agreed.join(', ')} agree).
            </Text>
          ) : (
            <Table aria-label="Differences between the Server Card and the live server" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Card says</Table.Th>
                  <Table.Th>Server reports</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.differences.map((d) => (
                  <Table.Tr key={d.field}>
                    <Table.Td>{d.field}</Table.Td>
                    <Table.Td className="mono">{d.card}</Table.Td>
                    <Table.Td className="mono">{d.live}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <List size="xs">
            {result.notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
