/**
 * A server's call history (docs/inspecting.md; issue 5 §3, issue 14 item 12: kept across restarts): tool,
 * arguments, duration and outcome of each call, newest first; Open shows a past call's result and
 * replays it (asking again for redacted arguments); Replay in a tool's pane puts the arguments back
 * into the form and sends them again. The rows are virtual (virtual-list.tsx; issue 15 item 1).
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CallRecord } from '../../../src-shared/api/inspector.js';
import { HOST_LABELS } from '../../../src-shared/config/server.js';
import { formatLatency } from '../lib/format.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { HistoryRecordDialog } from './history-record-dialog.js';
import { useVirtualList } from '../common/virtual-list.js';
import { clockTime } from '../../../src-shared/format-clock.js';

const OUTCOME_COLORS: Record<CallRecord['outcome'], string> = { ok: 'teal', error: 'red', failed: 'orange', cancelled: 'gray', refused: 'grape' };

const NO_RECORDS: CallRecord[] = [];

/** Follow `history:list` + `history:appended` for one server (listed again after the wire or the server came back). */
export function useCallHistory(server: string): CallRecord[] {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<CallRecord[]>>(() => ({
    fetch: () => api.call('history:list', { server }),
    follow: ({ patch }) => [
      api.on('history:appended', (rec) => {
        if (rec.server === server) patch((list) => (list.some((x) => x.id === rec.id) ? list : [...list, rec].slice(-100)));
      }),
    ],
  }), [api, server]);
  return useFollowedList(spec, { server }).data ?? NO_RECORDS;
}

/** Props of `CallHistory`. */
export interface CallHistoryProps {
  server: string;
  /** Only this tool's calls (all of the server's when absent). */
  tool?: string;
  onReplay?(args: Record<string, unknown>, tool: string): void;
  canReplay?: boolean;
}

/** Estimated row height (px): one line. */
const ROW = 30;

/** The records as a virtual table (issue 15 item 1): a header and a screenful of rows. */
function HistoryRows({ records, tool, onOpen, onReplay, canReplay }: { records: CallRecord[]; tool?: string; onOpen(r: CallRecord): void; onReplay?: CallHistoryProps['onReplay']; canReplay: boolean }) {
  const { scrollRef, virtualizer, onKeyDown } = useVirtualList({ count: records.length, estimateSize: ROW, overscan: 8 });
  const cls = `history-row${tool ? ' one-tool' : ''}`;
  return (
    <div role="table" aria-label="Calls" aria-rowcount={records.length + 1} className="history-table">
      <div role="row" className={`${cls} history-head`}>
        <span role="columnheader">When</span>
        {tool ? null : <span role="columnheader">Tool</span>}
        <span role="columnheader">Arguments</span>
        <span role="columnheader">Duration</span>
        <span role="columnheader">Outcome</span>
        <span role="columnheader" />
      </div>
      <div ref={scrollRef} className="history-scroll" onKeyDown={onKeyDown}>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = records[item.index]!;
            const when = clockTime(r.startedAt);
            const args = JSON.stringify(r.args);
            return (
              <div role="row" key={r.id} data-index={item.index} ref={virtualizer.measureElement} className={cls} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                <span role="cell">{when}</span>
                {tool ? null : <span role="cell" className="mono">{r.tool}</span>}
                <span role="cell" className="mono history-args" title={args}>
                  {args}
                </span>
                <span role="cell">{formatLatency(r.durationMs)}</span>
                <span role="cell">
                  <Group gap={4} wrap="nowrap">
                    <Badge size="xs" variant="light" color={OUTCOME_COLORS[r.outcome]}>
                      {r.outcome}
                    </Badge>
                    {r.task ? (
                      <Badge size="xs" variant="outline">
                        task
                      </Badge>
                    ) : null}
                    {r.via ? (
                      <Badge size="xs" variant="outline" color="blue" title={`Called by ${HOST_LABELS[r.via.host]}'s agent through Switchboard's gateway${r.via.instance !== undefined ? `, served by its instance ${r.via.instance}` : ''}`}>
                        via {r.via.host}
                      </Badge>
                    ) : null}
                    {r.rule !== undefined ? (
                      <Badge size="xs" variant="outline" color="grape" title={`Called by trigger rule "${r.rule}"`}>
                        rule {r.rule}
                      </Badge>
                    ) : null}
                  </Group>
                </span>
                <span role="cell">
                  <Group gap={2} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => onOpen(r)} aria-label={`Open ${r.tool} from ${when}`}>
                      Open
                    </Button>
                    {onReplay ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={!canReplay}
                        // A record with redacted or cut arguments replays through the dialog, which asks for them again.
                        onClick={() => (r.redacted || r.cut ? onOpen(r) : onReplay(r.args, r.tool))}
                        aria-label={`Replay ${r.tool} from ${when}`}
                      >
                        Replay
                      </Button>
                    ) : null}
                  </Group>
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
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
        <HistoryRows records={records} tool={tool} onOpen={setOpened} onReplay={onReplay} canReplay={canReplay} />
      )}
      {opened ? <HistoryRecordDialog record={opened} canReplay={canReplay} onClose={() => setOpened(undefined)} /> : null}
    </Stack>
  );
}
