/** The sidebar entry of the Gateway view (issue 30 item 1), beside Context budget. */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function GatewayNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label="Gateway: what each host's agent gets">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Gateway
        </Text>
        <Text size="xs" c="dimmed" className="nav-hint" data-hint="doors for hosts" />
      </Group>
    </UnstyledButton>
  );
}
