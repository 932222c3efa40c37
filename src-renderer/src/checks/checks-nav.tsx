/** The sidebar entry of the Checks view (issue 15 item 7), beside Notifications. */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function ChecksNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label="Checks: saved calls">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Checks
        </Text>{' '}
        <Text size="xs" c="dimmed">
          saved calls
        </Text>
      </Group>
    </UnstyledButton>
  );
}
