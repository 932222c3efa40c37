/**
 * A server's metadata as its file gives it (issue 28 item 8: `description`, `tags`, `category`, which
 * ChatCLI's `/mcp status` shows), the tools its host runs without asking (`autoApprove`), and the
 * core's ChatCLI overrides line (item 1). Shows what the core sent; decides nothing.
 */
import { Badge, Group, Text } from '@mantine/core';
import type { ServerState } from '../../../src-shared/api/status.js';

export function ServerMetadata({ state }: { state: Pick<ServerState, 'server' | 'builtinOverrides'> }) {
  const s = state.server;
  const hasAbout = Boolean(s.description || s.tags?.length || s.category);
  if (!hasAbout && !s.autoApprove?.length && !state.builtinOverrides) return null;
  return (
    <section aria-label="Server metadata">
      {hasAbout ? (
        <Group gap={6} align="center">
          {s.description ? <Text size="sm">{s.description}</Text> : null}
          {s.category ? <Text size="xs" c="dimmed">category: {s.category}</Text> : null}
          {(s.tags ?? []).map((t) => (
            <Badge key={t} size="xs" variant="light" styles={{ label: { textTransform: 'none' } }}>
              {t}
            </Badge>
          ))}
        </Group>
      ) : null}
      {s.autoApprove?.length ? (
        <Text size="sm" c="orange" role="note">
          Runs without asking (autoApprove): <span className="mono">{s.autoApprove.join(', ')}</span>
        </Text>
      ) : null}
      {state.builtinOverrides ? (
        <Text size="sm" c="dimmed" role="note">
          {state.builtinOverrides.text}
        </Text>
      ) : null}
    </section>
  );
}
