/**
 * A server's call history (docs/inspecting.md; issue 5 §3): tool, arguments, duration and outcome of each
 * call, newest first, with Replay (the arguments go back into the form and are sent again).
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CallRecord } from '../../../src-shared/api/inspector.js';
import { formatLatency } from '../lib/format.js';
import { useApp } from '../store/use-store.js';

const OUTCOME_COLORS: Record<CallRecord['outcome'], string> = { ok: 'teal', error: 'red', failed: 'orange', cancelled: 'gray' };

/** Follow `history:list` + `history:appended` for one server. */
export function useCallHistory(server: string): CallRecord[] {
  const { api } = useApp();
  const [records, setRecords] = useState<CallRecord[]>([]);
  useEffect(() => {
    let live = true;
    void api.call('history:list', { server }).then((r) => {
      if (live && r.ok) setRecords(r.data);
    });
    const off = api.on('history:appended', (rec) => {
      if (rec.server === server) setRecords((list) => (list.some((x) => x.id === rec.id) ? list : [...list, rec].slice(-100)));
    });
    return () => {
      live = false;
      off();
    };
  }, [api, server]);
  return records;
}

/** Props of `CallHistory`. */
export interface CallHistoryProps {
  server: string;
  /** Only this tool's calls (all of the server's when absent). */
  tool?: string;
  onReplay?(args: Record<string, unknown>, tool: string): void;
  canReplay?: boolean;
}

/** The history table. */
export function CallHistory({ server, tool, onReplay, canReplay = true }: CallHistoryProps) {
  const all = useCallHistory(server);
  const records = (tool ? all.filter((r) => r.tool === tool) : all).slice().reverse();
  return (
    <Stack gap={4} mt="md" role="region" aria-label="Call history">
      <Text fw={700} size="sm">
        History {tool ? `of ${tool}` : ''} ({records.length})
      </Text>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          No calls yet.
        </Text>
      ) : (
        <div className="history-scroll">
          <Table striped highlightOnHover withTableBorder fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                {tool ? null : <Table.Th>Tool</Table.Th>}
                <Table.Th>Arguments</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Outcome</Table.Th>
                {onReplay ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{new Date(r.startedAt).toLocaleTimeString()}</Table.Td>
                  {tool ? null : <Table.Td className="mono">{r.tool}</Table.Td>}
                  <Table.Td className="mono" style={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={JSON.stringify(r.args)}>
                    {JSON.stringify(r.args)}
                  </Table.Td>
                  <Table.Td>{formatLatency(r.durationMs)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge size="xs" variant="light" color={OUTCOME_COLORS[r.outcome]}>
                        {r.outcome}
                      </Badge>
                      {r.task ? (
                        <Badge size="xs" variant="outline">
                          task
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {onReplay ? (
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" disabled={!canReplay} onClick={() => onReplay(r.args, r.tool)} aria-label={`Replay ${r.tool} from ${new Date(r.startedAt).toLocaleTimeString()}`}>
                        Replay
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
