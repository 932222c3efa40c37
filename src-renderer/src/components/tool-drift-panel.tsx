/**
 * Tools that changed since they were pinned (issue 16 item 2, docs/trust.md § Tool pins): one row
 * per tool with a badge (added / changed / removed, held), the diff, and Accept; the server's mode
 * (warn / block). Tool text is the server's: rendered as text.
 */
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { approvalChangeLines } from '../../../src-shared/api/approval.js';
import type { ServerState } from '../../../src-shared/api/status.js';
import { useApp } from '../store/use-store.js';

const BADGE_STYLES = { label: { textTransform: 'none' as const } };

/** The panel; nothing when the server's tools match their pins. */
export function ToolDriftPanel({ state }: { state: ServerState }) {
  const { api } = useApp();
  const [error, setError] = useState<string>();
  const pins = state.pins;
  if (!pins || pins.drift.length === 0) return null;
  const server = state.server.name;
  const run = async (p: Promise<{ ok: boolean; error?: { message: string } }>): Promise<void> => {
    setError(undefined);
    const r = await p;
    if (!r.ok) setError(r.error?.message);
  };
  return (
    <section aria-label="Tools changed since pinned">
      <Alert color="orange" variant="light" title="Tools changed since they were first listed">
        <Stack gap={6}>
          <Group gap="sm">
            <Text size="xs">When a tool changes:</Text>
            <SegmentedControl
              size="xs"
              aria-label="Pin mode"
              value={pins.mode}
              data={[
                { value: 'warn', label: 'warn' },
                { value: 'block', label: 'hold back' },
              ]}
              onChange={(mode) => void run(api.call('pins:setMode', { server, mode: mode as 'warn' | 'block' }))}
            />
            <Button size="xs" variant="light" onClick={() => void run(api.call('pins:accept', { server }))}>
              Accept all
            </Button>
          </Group>
          {pins.drift.map((d) => (
            <Stack gap={2} key={d.tool} aria-label={`Tool ${d.tool} ${d.change}`}>
              <Group gap={6}>
                <Text size="sm" fw={600} className="mono">
                  {d.tool}
                </Text>
                <Badge size="xs" color={d.change === 'removed' ? 'gray' : 'orange'} variant="light" styles={BADGE_STYLES}>
                  {d.change}
                </Badge>
                {d.held ? (
                  <Badge size="xs" color="red" variant="light" styles={BADGE_STYLES}>
                    held back from agents
                  </Badge>
                ) : null}
                <Button size="compact-xs" variant="subtle" onClick={() => void run(api.call('pins:accept', { server, tool: d.tool }))}>
                  Accept {d.tool}
                </Button>
              </Group>
              <pre className="approval-diff mono">{d.changes.flatMap(approvalChangeLines).join('\n')}</pre>
            </Stack>
          ))}
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    </section>
  );
}
