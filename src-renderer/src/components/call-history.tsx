/**
 * A server's call history (docs/inspecting.md; issue 5 §3, issue 14 item 12: kept across restarts): tool,
 * arguments, duration and outcome of each call, newest first; Open shows a past call's result and
 * replays it (asking again for redacted arguments); Replay in a tool's pane puts the arguments back
 * into the form and sends them again.
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CallRecord } from '../../../src-shared/api/inspector.js';
import { formatLatency } from '../lib/format.js';
import { useApp } from '../store/use-store.js';
import { HistoryRecordDialog } from './history-record-dialog.js';

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
  const [opened, setOpened] = useState<CallRecord>();
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
                <Table.Th />
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
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setOpened(r)} aria-label={`Open ${r.tool} from ${new Date(r.startedAt).toLocaleTimeString()}`}>
                        Open
                      </Button>
                      {onReplay ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          disabled={!canReplay}
                          // A record with redacted or cut arguments replays through the dialog, which asks for them again.
                          onClick={() => (r.redacted || r.cut ? setOpened(r) : onReplay(r.args, r.tool))}
                          aria-label={`Replay ${r.tool} from ${new Date(r.startedAt).toLocaleTimeString()}`}
                        >
                          Replay
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {opened ? <HistoryRecordDialog record={opened} canReplay={canReplay} onClose={() => setOpened(undefined)} /> : null}
    </Stack>
  );
}
