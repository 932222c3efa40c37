/**
 * A server's JSON-RPC trace (SPEC §9): every message in and out, with time, direction, method and
 * the reply latency; secrets are redacted in main before they get here. Loads `trace:get` (only
 * entries newer than those held) when shown and follows `trace:appended`. Virtualised; selecting
 * a row shows the whole (bounded) message.
 */
import { Badge, Code, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import { useApp } from '../store/use-store.js';
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

export function TraceView({ server }: { server: string }) {
  const { api } = useApp();
  const [entries, setEntries] = useState<TraceEntry[]>([]);
  const [selected, setSelected] = useState<number>();
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

  const virtualizer = useVirtualizer({ count: entries.length, getScrollElement: () => scrollRef.current, estimateSize: () => 22, overscan: 20 });
  useLayoutEffect(() => {
    if (atBottom.current && entries.length > 0) virtualizer.scrollToIndex(entries.length - 1, { align: 'end' });
  }, [entries.length, virtualizer]);

  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No JSON-RPC messages yet. Every request, reply and notification of this server appears here.
      </Text>
    );
  }
  const chosen = entries.find((e) => e.seq === selected);
  return (
    <div>
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
            const e = entries[item.index]!;
            return (
              <button
                type="button"
                key={e.seq}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="log-line trace-line"
                aria-pressed={selected === e.seq}
                onClick={() => setSelected(e.seq === selected ? undefined : e.seq)}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <span className="log-time">{clock(e.time)}</span>
                <span aria-label={e.direction === 'out' ? 'sent' : 'received'}>{e.direction === 'out' ? '→' : '←'}</span>
                <Badge size="xs" variant="light" color={KIND_COLOR[e.kind]} className="trace-kind" title={e.kind} aria-label={e.kind}>
                  {KIND_SHORT[e.kind]}
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
      {chosen ? (
        <Code block className="schema-json" aria-label="Selected message">
          {chosen.text}
        </Code>
      ) : null}
    </div>
  );
}
