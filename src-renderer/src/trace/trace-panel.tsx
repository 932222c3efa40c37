/**
 * A JSON-RPC trace as a filtered, virtual list with the selected message beside it (docs/inspecting.md,
 * issue 15 item 2), for one server (its Trace tab) or every server merged in time order (the Trace
 * view, with a server filter). Secrets are redacted in main before entries get here. Loads
 * `trace:get` once and follows `trace:appended`; filters by server, direction, method, text and W3C trace id;
 * failures (JSON-RPC errors, `isError` results) are red; the shown entries export as JSON lines,
 * each with its server.
 */
import { Badge, Button, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import { isServerOrInstance } from '../../../src-shared/config/instance-name.js';
import { filterTrace, isFailure, pairTrace, traceJsonl, traceMethods, traceServers, traceVia, type DirectionFilter } from '../lib/trace-pairs.js';
import { ok } from '../../../src-shared/api/envelope.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';
import { downloadText } from '../lib/download.js';
import { clock, TraceDetail } from './trace-detail.js';
import { useVirtualList } from '../common/virtual-list.js';
import './trace-view.css';

/** Merge by seq, ascending, bounded to the newest `max`. */
export function mergeTrace(existing: TraceEntry[], incoming: TraceEntry[], max: number): TraceEntry[] {
  const last = existing.length ? existing[existing.length - 1]!.seq : -1;
  const fresh = incoming.filter((e) => e.seq > last).sort((a, b) => a.seq - b.seq);
  if (fresh.length === 0) return existing;
  const merged = existing.concat(fresh);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

const NO_ENTRIES: TraceEntry[] = [];

const KIND_COLOR: Record<TraceEntry['kind'], string> = { request: 'blue', response: 'teal', error: 'red', notification: 'grape', transport: 'gray' };
/** Short labels so every badge fits one fixed-width column; the full word is the title. */
export const KIND_SHORT: Record<TraceEntry['kind'], string> = { request: 'req', response: 'res', error: 'err', notification: 'notif', transport: 'http' };

/** Props of `TracePanel`. */
export interface TracePanelProps {
  /** One server's trace; absent: every server's, with a server filter. */
  server?: string;
  /** The server filter's first value (the global view opened from a server's tab). */
  initialServer?: string;
  /** Entries kept in the view (the newest). */
  max: number;
}

/** One trace row: time, (server), direction, kind, method, id, latency, text. */
function Row({ e, showServer }: { e: TraceEntry; showServer: boolean }) {
  const failed = isFailure(e);
  return (
    <>
      <span className="log-time">{clock(e.time)}</span>
      {showServer ? <span className="trace-server mono">{e.server}</span> : null}
      <span aria-label={e.direction === 'out' ? 'sent' : 'received'}>{e.direction === 'out' ? '→' : '←'}</span>
      <Badge size="xs" variant="light" color={failed ? 'red' : KIND_COLOR[e.kind]} className="trace-kind" title={failed ? 'failed' : e.kind} aria-label={failed ? `${e.kind}, failed` : e.kind}>
        {failed ? 'err' : KIND_SHORT[e.kind]}
      </Badge>
      <span className="mono">{e.method ?? (e.kind === 'transport' ? (e.http?.method ?? 'SSE') : '')}</span>
      {e.id !== undefined ? <span className="log-time">#{e.id}</span> : null}
      {e.latencyMs !== undefined ? <span className="log-time">{e.latencyMs} ms</span> : null}
      {e.via ? <Badge size="xs" variant="outline" color="blue" className="trace-via">{traceVia(e)}</Badge> : null}
      <span className="log-text">{e.text}</span>
    </>
  );
}

export function TracePanel({ server, initialServer = '', max }: TracePanelProps) {
  const { api } = useApp();
  const [selected, setSelected] = useState<number>();
  const [direction, setDirection] = useState<DirectionFilter>('all');
  const [method, setMethod] = useState('');
  const [text, setText] = useState('');
  const [traceId, setTraceId] = useState('');
  const [serverFilter, setServerFilter] = useState(initialServer);
  useEffect(() => setServerFilter(initialServer), [initialServer]);
  const global = server === undefined;

  // Fetched, then followed (merged by seq, the newest `max` kept); fetched again after the wire or the server came back.
  const spec = useMemo<FollowedListSpec<TraceEntry[]>>(() => ({
    fetch: async () => {
      const r = await api.call('trace:get', server === undefined ? {} : { server });
      return r.ok ? ok(mergeTrace([], r.data, max)) : r;
    },
    follow: ({ patch }) => [
      api.on('trace:appended', (batch) => {
        const mine = server === undefined ? batch : batch.filter((e) => isServerOrInstance(e.server, server));
        if (mine.length > 0) patch((cur) => mergeTrace(cur, mine, max));
      }),
    ],
  }), [api, server, max]);
  const entries = useFollowedList(spec, { server }).data ?? NO_ENTRIES;

  const shown = useMemo(() => filterTrace(entries, { direction, method, text, traceId, server: global ? serverFilter : '' }), [entries, direction, method, text, traceId, global, serverFilter]);
  const pairs = useMemo(() => pairTrace(entries), [entries]);
  const methods = useMemo(() => traceMethods(entries), [entries]);
  const servers = useMemo(() => (global ? [...new Set([...traceServers(entries), ...(serverFilter ? [serverFilter] : [])])].sort() : []), [global, entries, serverFilter]);
  const { scrollRef, virtualizer, onKeyDown } = useVirtualList({ count: shown.length, estimateSize: 22, overscan: 10 });
  const [atBottom, setAtBottom] = useState(true);
  useLayoutEffect(() => {
    if (atBottom && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' });
  }, [shown.length, virtualizer, atBottom]);

  const label = global ? 'JSON-RPC trace of all servers' : `JSON-RPC trace of ${server}`;
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {global ? 'No JSON-RPC messages yet. Every request, reply and notification of every server appears here.' : 'No JSON-RPC messages yet. Every request, reply and notification of this server appears here.'}
      </Text>
    );
  }
  const chosen = entries.find((e) => e.seq === selected);
  const fileName = global ? (serverFilter ? `trace-${serverFilter}.jsonl` : 'trace-all-servers.jsonl') : `trace-${server}.jsonl`;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end" role="group" aria-label="Trace filters">
        {global ? (
          <NativeSelect size="xs" aria-label="Server" value={serverFilter} onChange={(e) => setServerFilter(e.currentTarget.value)} data={[{ value: '', label: 'All servers' }, ...servers]} />
        ) : null}
        <SegmentedControl
          size="xs"
          value={direction}
          onChange={(v) => setDirection(v as DirectionFilter)}
          data={[
            { value: 'all', label: 'Both ways' },
            { value: 'out', label: 'Sent' },
            { value: 'in', label: 'Received' },
          ]}
          aria-label="Direction"
        />
        <NativeSelect size="xs" aria-label="Method" value={method} onChange={(e) => setMethod(e.currentTarget.value)} data={[{ value: '', label: 'Every method' }, ...methods]} />
        <TextInput size="xs" placeholder="Search messages" aria-label="Search messages" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <TextInput size="xs" className="mono" placeholder="Trace id" aria-label="Trace id" value={traceId} onChange={(e) => setTraceId(e.currentTarget.value)} />
        <Text size="xs" c="dimmed">
          {shown.length} of {entries.length}
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => downloadText(fileName, traceJsonl(shown), 'application/x-ndjson')}>
          Export JSON lines
        </Button>
      </Group>
      <div className="trace-grid">
        <div
          ref={scrollRef}
          className="log-scroll"
          role="log"
          aria-label={label}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onScroll={(e) => {
            const el = e.currentTarget;
            const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
            if (bottom !== atBottom) setAtBottom(bottom);
          }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const e = shown[item.index]!;
              return (
                <button
                  type="button"
                  key={e.seq}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={`log-line trace-line${isFailure(e) ? ' trace-failed' : ''}`}
                  aria-pressed={selected === e.seq}
                  onClick={() => setSelected(e.seq === selected ? undefined : e.seq)}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  <Row e={e} showServer={global} />
                </button>
              );
            })}
          </div>
        </div>
        {chosen ? <TraceDetail entries={entries} chosen={chosen} pairs={pairs} onSelect={setSelected} onTrace={setTraceId} /> : <Text size="xs" c="dimmed">Select a message to see it, its reply and the time between.</Text>}
      </div>
    </Stack>
  );
}
