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

/** The tool's read-only / destructive / collision badges, on a line of their own (null when none). */
function badges(t: ToolInfo) {
  const labels = annotationLabels(t.annotations).filter((l) => l === 'destructive' || l === 'read-only');
  if (labels.length === 0 && t.collidesWith.length === 0) return null;
  return (
    <Group gap={4} my={2}>
      {labels.map((l) => (
        <Badge key={l} size="xs" color={l === 'destructive' ? 'red' : 'teal'} variant="light" styles={{ label: { textTransform: 'none', overflow: 'visible' } }}>
          {l}
        </Badge>
      ))}
      {t.collidesWith.length > 0 ? (
        <Badge size="xs" color="orange" variant="light" styles={{ label: { textTransform: 'none', overflow: 'visible' } }}>
          collision
        </Badge>
      ) : null}
    </Group>
  );
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
            {/* The name wraps (never cut); badges get their own line so they are never cut either. */}
            <Text size="sm" fw={600} className="mono tool-name">
              {t.name}
            </Text>
            {badges(t)}
            <Text size="xs" c="dimmed" className="mono tool-name">
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
