/** The sidebar entry of the Agents view (issue 31 item 2), beside Gateway. */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function AgentsNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label="Agents: what each host's agent does through the gateway">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Agents
        </Text>
        <Text size="xs" c="dimmed" className="nav-hint" data-hint="live calls" />
      </Group>
    </UnstyledButton>
  );
}
