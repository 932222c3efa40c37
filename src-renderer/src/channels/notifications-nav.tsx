/** Unread counts where they are always visible (issue 13): the header button and the sidebar entry. */
import { Badge, Button, UnstyledButton, Group, Text } from '@mantine/core';
import { useChannels } from '../store/channels-store.js';

function useCounts(): { unread: number; pending: number } {
  return { unread: useChannels((s) => s.summary?.unread ?? 0), pending: useChannels((s) => s.summary?.pendingConfirmations ?? 0) };
}

/** `Notifications 3` in the header. */
export function NotificationsHeaderButton({ onOpen }: { onOpen(): void }) {
  const { unread, pending } = useCounts();
  const label = `Notifications, ${unread} unread${pending > 0 ? `, ${pending} waiting for confirmation` : ''}`;
  return (
    <Button size="xs" variant={unread > 0 || pending > 0 ? 'light' : 'default'} onClick={onOpen} aria-label={label} title={label}>
      Notifications
      {unread > 0 ? (
        <Badge size="xs" ml={6} circle={unread < 10} aria-hidden>
          {unread}
        </Badge>
      ) : null}
      {pending > 0 ? (
        <Badge size="xs" ml={4} color="orange" aria-hidden>
          {pending} waiting
        </Badge>
      ) : null}
    </Button>
  );
}

/** The sidebar entry above the server list. */
export function NotificationsNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  const { unread, pending } = useCounts();
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label={`Notifications: ${unread} unread`}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Notifications
        </Text>{' '}
        <Group gap={4}>
          {pending > 0 ? (
            <Badge size="sm" color="orange" variant="light">
              {pending} waiting
            </Badge>
          ) : null}
          <Badge size="sm" variant={unread > 0 ? 'filled' : 'light'} color={unread > 0 ? 'blue' : 'gray'}>
            {unread} unread
          </Badge>
        </Group>
      </Group>
    </UnstyledButton>
  );
}
