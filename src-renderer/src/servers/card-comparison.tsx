/**
 * "Compare with its Server Card" on a remote server's Server tab (issue 36 item 5; docs/registry.md
 * § Server Cards): the core reads the card again from the server's URL and lists where it and the
 * live connection differ (`cards:compare`); the live values are the ones that count. Asked only when
 * the person presses the button (reading a card contacts the server's domain). A server added from
 * a card shows, without a click, the comparison the core kept at its first connect (`cards:origin`,
 * a local read). Advisory: nothing is trusted, pinned or changed because of it.
 */
import { Alert, Button, List, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CardCompareResult, CardOrigin } from '../../../src-shared/api/cards.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';

export function CardComparison({ state }: { state: Pick<ServerState, 'server' | 'status'> }) {
  const { api } = useApp();
  const [asked, setAsked] = useState<CardCompareResult>();
  const [origin, setOrigin] = useState<CardOrigin | null>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = state.server.name;
  // The kept comparison arrives after the first connect: asked again on each snapshot until it is there.
  const waiting = origin === undefined || (origin !== null && origin.compared === undefined);
  useEffect(() => {
    if (!waiting || state.server.transport === 'stdio') return;
    let live = true;
    void api.call('cards:origin', { server: name }).then((r) => {
      if (live && r.ok) setOrigin(r.data.origin);
    });
    return () => {
      live = false;
    };
  }, [api, name, state, waiting]);
  if (state.server.transport === 'stdio') return null;
  const result = asked ?? origin?.compared?.result;
  const compare = async (): Promise<void> => {
    setBusy(true);
    const r = await api.call('cards:compare', { server: state.server.name });
    setBusy(false);
    if (r.ok) {
      setAsked(r.data);
      setError(undefined);
    } else {
      setAsked(undefined);
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
            Card from <span className="mono">{result.source}</span>
            {asked === undefined && origin?.compared ? `, compared at the first connect (${new Date(origin.compared.at).toLocaleString()})` : ''}. A card is advisory; the live values count.
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
