/**
 * The Server tab's facts about the last connect (issue 15 item 4), as the core reports them
 * (connect-report.ts): the phases of the last connect in ms, the capabilities Switchboard sent,
 * and the features in use that 2026-07-28 deprecates. Server-provided text stays text.
 */
import { Code, Stack, Table, Text } from '@mantine/core';
import type { ServerState } from '../../../src-shared/api/status.js';

const ms = (n: number): string => `${Math.round(n)} ms`;

/** A titled region showing `value` as pretty JSON (data, never markup), or "Not connected." without one. */
export function JsonRegion({ label, title, value }: { label: string; title: string; value: unknown }) {
  return (
    <Stack gap={2} role="region" aria-label={label}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {value !== undefined ? (
        // Focusable: a long value scrolls, and the keyboard must reach it (axe scrollable-region-focusable).
        <Code block className="schema-json" tabIndex={0}>
          {JSON.stringify(value, null, 2)}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Not connected.
        </Text>
      )}
    </Stack>
  );
}

/** Last connect, our capabilities, deprecated features in use. */
export function ConnectOverview({ state }: { state: ServerState }) {
  const t = state.connectTimings;
  const phases: [string, number | undefined][] = t
    ? [
        ['Spawn', t.spawnMs],
        ['Probe (server/discover)', t.probeMs],
        ['Handshake', t.handshakeMs],
        ['First tools/list', t.firstListMs],
        ['Total', t.totalMs],
      ]
    : [];
  return (
    <>
      <Stack gap={2} role="region" aria-label="Last connect">
        <Text fw={700} size="sm">
          Last connect
        </Text>
        {t ? (
          <>
            <Text size="xs" c="dimmed">
              {`Started ${new Date(t.startedAt).toLocaleString()}`}
            </Text>
            <Table withRowBorders={false} verticalSpacing={2} maw={360} aria-label="Connect timings">
              <Table.Tbody>
                {phases.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td className="mono">{value === undefined ? 'no probe' : ms(value)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not connected yet.
          </Text>
        )}
      </Stack>
      <JsonRegion label="Our capabilities" title="Our capabilities (as sent)" value={state.clientCapabilities} />
      <Stack gap={2} role="region" aria-label="Deprecated features in use">
        <Text fw={700} size="sm">
          Deprecated features in use
        </Text>
        {state.deprecated?.length ? (
          state.deprecated.map((d) => (
            <Text key={d.feature} size="sm" c="orange">
              {`${d.feature} — ${d.status === 'removed' ? 'not in 2026-07-28' : 'deprecated in 2026-07-28'}. ${d.detail}`}
            </Text>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {state.status === 'connected' ? 'None.' : 'Not connected.'}
          </Text>
        )}
      </Stack>
    </>
  );
}
