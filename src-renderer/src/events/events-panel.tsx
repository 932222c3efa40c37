/**
 * A server's Events tab (issue 34; docs/channels.md § Events as channels): the event types the
 * server lists (name, description, delivery modes) with Subscribe, and Switchboard's subscriptions
 * to it — state, last event, last error, counts — with Unsubscribe. For a connection that cannot
 * have events (a 2025-era one) the core's sentence says why. Everything goes through the contract
 * (`events:list`, `events:subscriptions`, `events:subscribe`, `events:unsubscribe`); names,
 * descriptions and errors are server text, shown as text.
 */
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { EventSubscription, EventTypeList } from '../../../src-shared/api/events.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { clockTime } from '../channels/notification-format.js';
import { argumentsSummary, deliveryLabel } from './event-format.js';
import { SubscribeForm } from './subscribe-form.js';
import { useEventSubscriptions } from './use-event-subscriptions.js';

const STATE_COLORS: Record<EventSubscription['state'], string> = { starting: 'yellow', active: 'teal', waiting: 'gray', retrying: 'orange', stopped: 'red' };

/** The event types of `server`, listed again when it reconnects (and by "List again"). */
function useEventTypes(server: string) {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<EventTypeList>>(() => ({ fetch: (fresh) => api.call('events:list', { serverId: server, ...(fresh ? { refresh: true } : {}) }) }), [api, server]);
  return useFollowedList(spec, { server });
}

/** The subscriptions to `server`; `hideEmpty` (a connection without events): nothing when there are none. */
function Subscriptions({ server, hideEmpty }: { server: string; hideEmpty: boolean }) {
  const { api } = useApp();
  const subs = useEventSubscriptions(server);
  const [error, setError] = useState<string>();
  const unsubscribe = async (id: string): Promise<void> => {
    const r = await api.call('events:unsubscribe', { id });
    setError(r.ok ? undefined : r.error.message);
    if (r.ok) subs.patch((list) => list.filter((s) => s.id !== id));
  };
  const list = subs.data ?? [];
  if (hideEmpty && list.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Event subscriptions">
      <Text fw={700} size="sm">
        Subscriptions
      </Text>
      {error || subs.error ? (
        <Text size="sm" c="red" role="alert">
          {error ?? subs.error?.message}
        </Text>
      ) : null}
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No subscriptions to this server. Its events arrive in Notifications once you subscribe.
        </Text>
      ) : (
        <Table striped aria-label="Subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Delivery</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last event</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Last error</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => (
              <Table.Tr key={s.id} aria-label={`Subscription ${s.name}`}>
                <Table.Td>
                  <Text size="sm" className="mono">
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {argumentsSummary(s.arguments)}
                  </Text>
                </Table.Td>
                <Table.Td>{deliveryLabel(s)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[s.state]} variant="light" styles={{ label: { textTransform: 'none' } }} aria-label={`State ${s.state}`}>
                    {s.state}
                  </Badge>
                  {s.stopReason ? <Text size="xs">{s.stopReason}</Text> : null}
                </Table.Td>
                <Table.Td>{s.lastEventAt !== undefined ? clockTime(s.lastEventAt, true) : '—'}</Table.Td>
                <Table.Td aria-label="Received">
                  {s.received}
                  {s.invalid > 0 ? ` · ${s.invalid} not matching the payload schema` : ''}
                  {s.gaps > 0 ? ` · ${s.gaps} gap${s.gaps === 1 ? '' : 's'}` : ''}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c={s.lastError ? 'red' : 'dimmed'}>
                    {s.lastError ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" color="red" onClick={() => void unsubscribe(s.id)}>
                    Unsubscribe
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The Events tab of `server`. */
export function EventsPanel({ server }: { server: string }) {
  const types = useEventTypes(server);
  const [picked, setPicked] = useState<string>();
  const list = types.data;
  const type = list?.types.find((t) => t.name === picked);
  return (
    <Stack gap="md" maw={1000}>
      {types.error ? (
        <Text size="sm" c="red" role="alert">
          {types.error.message}
        </Text>
      ) : null}
      {list && !list.supported ? (
        <Alert color="gray" variant="light" role="note" title="No events on this connection">
          {list.message ?? 'This server offers no events.'}
        </Alert>
      ) : null}
      {list?.supported ? (
        <Stack gap="xs" role="region" aria-label="Event types">
          <Group justify="space-between">
            <Text fw={700} size="sm">
              Event types ({list.types.length})
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void types.refresh(true)}>
              List again
            </Button>
          </Group>
          {list.types.length === 0 ? (
            <Text size="sm" c="dimmed">
              The server lists no event types.
            </Text>
          ) : (
            <Table striped aria-label="Event types">
              <Table.Tbody>
                {list.types.map((t) => (
                  <Table.Tr key={t.name} aria-label={`Event type ${t.name}`}>
                    <Table.Td className="mono">{t.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.description ?? ''}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {t.delivery.map((d) => (
                          <Badge key={d} size="xs" variant="light" color={d === 'webhook' ? 'gray' : 'blue'} styles={{ label: { textTransform: 'none' } }}>
                            {d}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" onClick={() => setPicked(t.name)} aria-label={`Subscribe to ${t.name}…`}>
                        Subscribe…
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {type ? <SubscribeForm key={`${server}/${type.name}`} serverId={server} type={type} onDone={() => setPicked(undefined)} /> : null}
        </Stack>
      ) : null}
      <Subscriptions server={server} hideEmpty={list?.supported === false} />
    </Stack>
  );
}
