/** The navigation entry of the Registry view (issue 36 item 2). */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function RegistryNavItem({ selected, onSelect }: { selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label="Registry: find and install servers">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Registry
        </Text>
        <Text size="xs" c="dimmed" className="nav-hint" data-hint="find servers" />
      </Group>
    </UnstyledButton>
  );
}
