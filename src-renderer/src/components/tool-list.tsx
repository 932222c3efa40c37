/**
 * A server's tools under their agent-visible names (SPEC §4), with raw name and description.
 * Each tool is a button; arrow keys move along the list.
 */
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { onListKeyDown } from '../lib/list-keys.js';
import { annotationLabels } from './tool-annotations.js';

/** Props of `ToolList`. */
export interface ToolListProps {
  tools: ToolInfo[];
  selected?: string;
  onSelect(toolName: string): void;
}

/** The tool list (or a line saying there are none). */
export function ToolList({ tools, selected, onSelect }: ToolListProps) {
  if (tools.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs">
        No tools. A server lists its tools once it is connected.
      </Text>
    );
  }
  return (
    <nav aria-label="Tools" onKeyDown={onListKeyDown}>
      <Stack gap={2}>
        {tools.map((t) => (
          <UnstyledButton
            key={t.name}
            data-list-item
            className="tool-row"
            aria-current={t.name === selected ? 'true' : undefined}
            data-selected={t.name === selected || undefined}
            onClick={() => onSelect(t.name)}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} className="mono" truncate>
                {t.name}
              </Text>
              <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
                {annotationLabels(t.annotations)
                  .filter((l) => l === 'destructive' || l === 'read-only')
                  .map((l) => (
                    <Badge key={l} size="xs" color={l === 'destructive' ? 'red' : 'teal'} variant="light" styles={{ label: { textTransform: 'none' } }}>
                      {l}
                    </Badge>
                  ))}
                {t.collidesWith.length > 0 ? (
                  <Badge size="xs" color="orange" variant="light" styles={{ label: { textTransform: 'none' } }}>
                    collision
                  </Badge>
                ) : null}
              </Group>
            </Group>
            <Text size="xs" c="dimmed" className="mono" truncate>
              {t.agentName}
            </Text>
            {t.description ? (
              <Text size="xs" lineClamp={2}>
                {t.description}
              </Text>
            ) : null}
          </UnstyledButton>
        ))}
      </Stack>
    </nav>
  );
}
