/**
 * Tasks (MCP 2025-11-25; issue 5 §7): every tool call run as a task on this server, its status and
 * status message, its result when done, and Cancel while it is working.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { TaskRecord } from '../../../src-shared/api/inspector.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { ToolResult } from '../tools/tool-result.js';

const COLORS: Record<TaskRecord['status'], string> = { working: 'yellow', input_required: 'orange', completed: 'teal', failed: 'red', cancelled: 'gray' };

const NO_TASKS: TaskRecord[] = [];

/** The Tasks tab of a server. */
export function TasksPanel({ server }: { server: string }) {
  const { api } = useApp();
  // Listed, upserted by `tasks:changed`, listed again after the wire or the server came back (other tasks then).
  const spec = useMemo<FollowedListSpec<TaskRecord[]>>(() => ({
    fetch: () => api.call('tasks:list', { server }),
    follow: ({ patch }) => [
      api.on('tasks:changed', (t) => {
        if (t.server !== server) return;
        patch((list) => {
          const i = list.findIndex((x) => x.taskId === t.taskId);
          return i < 0 ? [...list, t] : list.map((x, j) => (j === i ? t : x));
        });
      }),
    ],
  }), [api, server]);
  const tasks = useFollowedList(spec, { server }).data ?? NO_TASKS;
  const [error, setError] = useState<string>();

  const cancel = async (taskId: string): Promise<void> => {
    const r = await api.call('tasks:cancel', { server, taskId });
    setError(r.ok ? undefined : r.error.message);
  };

  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No tasks yet. A tool that supports tasks offers “Run as a task” in its call pane.
      </Text>
    );
  }
  return (
    <Stack gap="sm" role="region" aria-label="Tasks">
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {tasks
        .slice()
        .reverse()
        .map((t) => (
          <Paper key={t.taskId} withBorder p="sm" radius="md" aria-label={`Task ${t.taskId}`} role="group">
            <Group justify="space-between" mb={4}>
              <Group gap="xs">
                <Text fw={600} size="sm" className="mono">
                  {t.tool}
                </Text>
                <Badge color={COLORS[t.status]} variant="light" styles={{ label: { textTransform: 'none' } }}>
                  {t.status}
                </Badge>
                <Text size="xs" c="dimmed" className="mono">
                  {t.taskId}
                </Text>
              </Group>
              {t.status === 'working' || t.status === 'input_required' ? (
                <Button size="compact-xs" color="red" variant="light" onClick={() => void cancel(t.taskId)}>
                  Cancel task
                </Button>
              ) : null}
            </Group>
            {t.statusMessage ? <Text size="sm">{t.statusMessage}</Text> : null}
            {t.error && !t.result ? (
              <Text size="sm" c="red">
                {t.error}
              </Text>
            ) : null}
            {t.result ? <ToolResult result={t.result} /> : null}
          </Paper>
        ))}
    </Stack>
  );
}
