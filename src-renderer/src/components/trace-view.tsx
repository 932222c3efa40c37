/**
 * A server's JSON-RPC trace (docs/inspecting.md, issue 15 item 2): every message in and out, with time,
 * direction, method and the reply latency; secrets are redacted in main before they get here.
 * Loads `trace:get` (only entries newer than those held) when shown and follows `trace:appended`.
 * Filters by direction, method and text; failures (JSON-RPC errors, `isError` results) are red.
 * The selected message opens beside the list: the request and its paired reply as expandable JSON trees,
 * the HTTP exchange that carried them (an http/sse server: status and headers, `Mcp-*` first), the
 * messages between them, copy, and replay for a `tools/call`. The shown entries export as
 * JSON lines. Virtualised.
 */
import { Badge, Button, Code, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import { filterTrace, isFailure, pairTrace, prettyJson, replayableCall, traceJsonl, traceMethods, type DirectionFilter } from '../lib/trace-pairs.js';
import { useApp } from '../store/use-store.js';
import { downloadText } from '../lib/download.js';
import { JsonTree } from './json-tree.js';
import './trace-view.css';

/** Entries kept in the view. */
const MAX_ENTRIES = 1000;

function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** Merge by seq, ascending, bounded. */
export function mergeTrace(existing: TraceEntry[], incoming: TraceEntry[], max = MAX_ENTRIES): TraceEntry[] {
  const last = existing.length ? existing[existing.length - 1]!.seq : -1;
  const fresh = incoming.filter((e) => e.seq > last).sort((a, b) => a.seq - b.seq);
  if (fresh.length === 0) return existing;
  const merged = existing.concat(fresh);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

const KIND_COLOR: Record<TraceEntry['kind'], string> = { request: 'blue', response: 'teal', error: 'red', notification: 'grape' };
/** Short labels so every badge fits one fixed-width column; the full word is the title. */
export const KIND_SHORT: Record<TraceEntry['kind'], string> = { request: 'req', response: 'res', error: 'err', notification: 'notif' };

/** A message's JSON value, or undefined when its text is not JSON (cut short in main). */
function parsedMessage(text: string): object | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** One message as an expandable, pretty-printed JSON tree (json-tree.tsx: copy, expand and collapse all); a cut text as it is. */
function Message({ entry, label }: { entry: TraceEntry; label: string }) {
  const failed = isFailure(entry);
  const value = useMemo(() => parsedMessage(entry.text), [entry.text]);
  return (
    <Stack gap={2} role="group" aria-label={label} className={failed ? 'trace-json-error' : undefined}>
      <Group gap={6}>
        <Text size="xs" fw={700}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {clock(entry.time)} · {entry.direction === 'out' ? 'sent' : 'received'}
          {entry.latencyMs !== undefined ? ` · ${entry.latencyMs} ms` : ''}
        </Text>
        {failed ? (
          <Badge size="xs" color="red" variant="filled">
            {entry.kind === 'error' ? 'JSON-RPC error' : 'isError result'}
          </Badge>
        ) : null}
        {value ? null : (
          <Button size="compact-xs" variant="subtle" onClick={() => void navigator.clipboard?.writeText(entry.text)}>
            Copy
          </Button>
        )}
      </Group>
      {value ? (
        <JsonTree value={value} label={`${label} JSON`} text={prettyJson(entry.text)} />
      ) : (
        <Code block className="schema-json trace-json">
          {entry.text}
        </Code>
      )}
    </Stack>
  );
}

/** Headers with the protocol's own (`Mcp-*`) first, then by name. */
function sortedHeaders(headers: Record<string, string>): [string, string][] {
  const mcp = (name: string): number => (name.startsWith('mcp-') ? 0 : 1);
  return Object.entries(headers).sort(([a], [b]) => mcp(a) - mcp(b) || a.localeCompare(b));
}

/** One side's headers as a two-column table. */
function HeaderTable({ label, headers }: { label: string; headers: Record<string, string> }) {
  return (
    <table className="trace-headers" aria-label={label}>
      <caption>{label}</caption>
      <tbody>
        {sortedHeaders(headers).map(([name, value]) => (
          <tr key={name} data-mcp={name.startsWith('mcp-') || undefined}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="mono">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The HTTP exchange that carried a request and its reply: method, URL, status, both sides' headers. */
function HttpExchangeView({ http }: { http: NonNullable<TraceEntry['http']> }) {
  return (
    <section aria-label="HTTP exchange">
      <Text size="xs" fw={700}>
        HTTP{' '}
        <span className="mono">
          {http.method} {http.url} → {http.status}
        </span>
      </Text>
      <div className="trace-headers-pair">
        <HeaderTable label="Request headers" headers={http.requestHeaders} />
        <HeaderTable label="Response headers" headers={http.responseHeaders} />
      </div>
    </section>
  );
}

/** The selected message, its pair, what came between them, and replay. */
function Detail({ server, entries, chosen, pairs }: { server: string; entries: TraceEntry[]; chosen: TraceEntry; pairs: Map<number, number> }) {
  const { api } = useApp();
  const [replayed, setReplayed] = useState<string>();
  const partnerSeq = pairs.get(chosen.seq);
  const partner = partnerSeq === undefined ? undefined : entries.find((e) => e.seq === partnerSeq);
  const [request, reply] = chosen.kind === 'request' ? [chosen, partner] : [partner, chosen];
  const between = request && reply ? entries.filter((e) => e.seq > request.seq && e.seq < reply.seq && e.kind === 'notification') : [];
  const call = request ? replayableCall(request) : undefined;
  return (
    <section className="trace-detail" aria-label="Selected message">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700} className="mono">
            {chosen.method ?? chosen.kind}
          </Text>
          {chosen.id !== undefined ? <Text c="dimmed">#{chosen.id}</Text> : null}
          {reply?.latencyMs !== undefined ? <Badge variant="light">{reply.latencyMs} ms</Badge> : null}
          {call ? (
            <Button
              size="compact-xs"
              onClick={() =>
                void api.call('tools:call', { server, tool: call.tool, args: call.args, validate: false }).then((r) => setReplayed(r.ok ? 'Replayed: the new exchange is at the end of the trace.' : `Replay failed: ${r.error.message}`))
              }
            >
              Replay
            </Button>
          ) : null}
        </Group>
        {replayed ? (
          <Text size="xs" role="status">
            {replayed}
          </Text>
        ) : null}
        {reply?.http ? (
          <HttpExchangeView http={reply.http} />
        ) : (
          <Text size="xs" c="dimmed">
            No HTTP exchange for this message (a stdio server has none).
          </Text>
        )}
        {request ? <Message entry={request} label="Request" /> : null}
        {between.length > 0 ? (
          <Text size="xs" c="dimmed">
            {between.length} notification{between.length === 1 ? '' : 's'} in between: {[...new Set(between.map((e) => e.method))].join(', ')}
          </Text>
        ) : null}
        {reply ? <Message entry={reply} label={reply.kind === 'error' ? 'Error' : 'Reply'} /> : chosen.kind === 'request' ? <Text size="xs">No reply yet.</Text> : null}
        {!request && !reply ? <Message entry={chosen} label={chosen.kind === 'notification' ? 'Notification' : 'Message'} /> : null}
      </Stack>
    </section>
  );
}

export function TraceView({ server }: { server: string }) {
  const { api } = useApp();
  const [entries, setEntries] = useState<TraceEntry[]>([]);
  const [selected, setSelected] = useState<number>();
  const [direction, setDirection] = useState<DirectionFilter>('all');
  const [method, setMethod] = useState('');
  const [text, setText] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    let live = true;
    setEntries([]);
    const off = api.on('trace:appended', (batch) => {
      const mine = batch.filter((e) => e.server === server);
      if (mine.length > 0) setEntries((cur) => mergeTrace(cur, mine));
    });
    void api.call('trace:get', { server }).then((r) => {
      if (live && r.ok) setEntries((cur) => mergeTrace([], [...r.data, ...cur]));
    });
    return () => {
      live = false;
      off();
    };
  }, [api, server]);

  const shown = useMemo(() => filterTrace(entries, { direction, method, text }), [entries, direction, method, text]);
  const pairs = useMemo(() => pairTrace(entries), [entries]);
  const methods = useMemo(() => traceMethods(entries), [entries]);
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => 22, overscan: 10 });
  useLayoutEffect(() => {
    if (atBottom.current && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' });
  }, [shown.length, virtualizer]);

  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No JSON-RPC messages yet. Every request, reply and notification of this server appears here.
      </Text>
    );
  }
  const chosen = entries.find((e) => e.seq === selected);
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end" role="group" aria-label="Trace filters">
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
        <Text size="xs" c="dimmed">
          {shown.length} of {entries.length}
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => downloadText(`trace-${server}.jsonl`, traceJsonl(shown), 'application/x-ndjson')}>
          Export JSON lines
        </Button>
      </Group>
      <div className="trace-grid">
        <div
          ref={scrollRef}
          className="log-scroll"
          role="log"
          aria-label={`JSON-RPC trace of ${server}`}
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const e = shown[item.index]!;
              const failed = isFailure(e);
              return (
                <button
                  type="button"
                  key={e.seq}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={`log-line trace-line${failed ? ' trace-failed' : ''}`}
                  aria-pressed={selected === e.seq}
                  onClick={() => setSelected(e.seq === selected ? undefined : e.seq)}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  <span className="log-time">{clock(e.time)}</span>
                  <span aria-label={e.direction === 'out' ? 'sent' : 'received'}>{e.direction === 'out' ? '→' : '←'}</span>
                  <Badge size="xs" variant="light" color={failed ? 'red' : KIND_COLOR[e.kind]} className="trace-kind" title={failed ? 'failed' : e.kind} aria-label={failed ? `${e.kind}, failed` : e.kind}>
                    {failed ? 'err' : KIND_SHORT[e.kind]}
                  </Badge>
                  <span className="mono">{e.method ?? ''}</span>
                  {e.id !== undefined ? <span className="log-time">#{e.id}</span> : null}
                  {e.latencyMs !== undefined ? <span className="log-time">{e.latencyMs} ms</span> : null}
                  <span className="log-text">{e.text}</span>
                </button>
              );
            })}
          </div>
        </div>
        {chosen ? <Detail server={server} entries={entries} chosen={chosen} pairs={pairs} /> : <Text size="xs" c="dimmed">Select a message to see it, its reply and the time between.</Text>}
      </div>
    </Stack>
  );
}
