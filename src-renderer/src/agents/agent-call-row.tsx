/**
 * One request of an agent (issue 31 item 2): a line — when, what, server, duration (elapsed while
 * running), outcome — that opens to its arguments, result summary, progress and error. Server text
 * (names, summaries, errors) is rendered as text, never as markup.
 */
import { Badge, Code, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { AgentCall } from '../../../src-shared/api/agents.js';
import { formatLatency } from '../lib/format.js';
import { clockTime } from '../../../src-shared/format-clock.js';

const OUTCOME_COLORS: Record<AgentCall['outcome'], string> = { running: 'blue', ok: 'teal', error: 'red', failed: 'orange', refused: 'grape' };

/** The line and, opened, the details. `now` (epoch ms, the view's ticking clock) gives a running call's elapsed time. */
export function AgentCallRow({ call, now }: { call: AgentCall; now?: number }) {
  const [open, setOpen] = useState(false);
  const when = clockTime(call.startedAt);
  const took = call.durationMs !== undefined ? formatLatency(call.durationMs) : `${Math.max(0, Math.floor(((now ?? call.startedAt) - call.startedAt) / 1000))} s so far`;
  return (
    <div className="agent-call" data-outcome={call.outcome}>
      <UnstyledButton className="agent-call-line" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-label={`${call.kind} ${call.name} from ${when}`}>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {when}
          </Text>
          <Badge size="xs" variant="outline">
            {call.kind}
          </Badge>
          <Text size="xs" className="mono agent-call-name">
            {call.name}
          </Text>
          {call.server !== undefined ? (
            <Text size="xs" c="dimmed" className="mono">
              {call.server}
            </Text>
          ) : null}
          <Text size="xs" className="agent-call-took">
            {took}
          </Text>
          <Badge size="xs" variant="light" color={OUTCOME_COLORS[call.outcome]}>
            {call.outcome}
          </Badge>
        </Group>
      </UnstyledButton>
      {open ? (
        <Stack gap={4} className="agent-call-details">
          <Text size="xs" fw={600}>
            Arguments
          </Text>
          <Code block className="agent-call-args">
            {JSON.stringify(call.args, null, 2)}
          </Code>
          {call.progress ? (
            <Text size="xs">
              Progress: {call.progress.progress}
              {call.progress.total !== undefined ? ` of ${call.progress.total}` : ''}
              {call.progress.message !== undefined ? ` — ${call.progress.message}` : ''}
            </Text>
          ) : null}
          {call.summary !== undefined ? (
            <>
              <Text size="xs" fw={600}>
                Result
              </Text>
              <Code block className="agent-call-result">
                {call.summary}
              </Code>
            </>
          ) : null}
          {call.error !== undefined ? (
            <Text size="xs" c="red">
              {call.error}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {call.durationMs !== undefined ? `Took ${formatLatency(call.durationMs)}` : 'Still running'}
          </Text>
        </Stack>
      ) : null}
    </div>
  );
}
