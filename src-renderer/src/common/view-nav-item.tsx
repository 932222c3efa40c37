/**
 * A sidebar entry for a main view (Registry, Settings): its label, a hint drawn by CSS (`nav-hint`, so
 * the visible words are part of the accessible name `name`: axe's label-content-name-mismatch), and
 * `aria-current` when its view is shown.
 */
import { Group, Text, UnstyledButton } from '@mantine/core';

export function ViewNavItem({ label, hint, name, selected, onSelect }: { label: string; hint: string; name: string; selected: boolean; onSelect(): void }) {
  return (
    <UnstyledButton className="server-row" data-selected={selected || undefined} aria-current={selected ? 'true' : undefined} onClick={onSelect} aria-label={name}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed" className="nav-hint" data-hint={hint} />
      </Group>
    </UnstyledButton>
  );
}
