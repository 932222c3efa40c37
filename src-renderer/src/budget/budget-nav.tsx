/** The sidebar entry of the Context budget view (issue 16 item 4), beside Notifications and Checks. */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function BudgetNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label="Context budget: tokens per tool">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Context budget
        </Text>{' '}
        <Text size="xs" c="dimmed">
          tokens per tool
        </Text>
      </Group>
    </UnstyledButton>
  );
}
