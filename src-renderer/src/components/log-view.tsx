/**
 * A server's log lines (SPEC §6 stderr ring buffer, plus lifecycle notes), virtualised with
 * @tanstack/react-virtual. Loads `logs:get` (only lines newer than those held) when shown; new
 * lines arrive through the store's `logs:appended` subscription. Follows the tail while the view
 * is scrolled to the bottom.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LogEntry } from '../../../src-shared/api/status.js';
import { useApp, useStore } from '../store/use-store.js';

const NO_LINES: LogEntry[] = [];

/** `HH:MM:SS.mmm` in local time. */
function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** The lines as plain text (`HH:MM:SS.mmm stream text`), as `switchboard logs` prints them. */
export function logText(lines: readonly LogEntry[]): string {
  return lines.map((l) => `${clock(l.time)} ${l.stream.padEnd(6)} ${l.text}`).join('\n');
}

const STREAM_COLOR: Record<LogEntry['stream'], string> = { stderr: 'orange', stdout: 'blue', system: 'gray' };

/** The log list of one server. */
export function LogView({ server }: { server: string }) {
  const { store } = useApp();
  const lines = useStore((s) => s.logs[server] ?? NO_LINES);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [following, setFollowing] = useState(true);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    void store.loadLogs(server);
  }, [store, server]);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 22,
    overscan: 20,
  });

  useLayoutEffect(() => {
    if (atBottom.current && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [lines.length, virtualizer]);

  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No log lines yet. A stdio server's stderr and Switchboard's notes about it appear here.
      </Text>
    );
  }

  const copy = (): void => {
    void navigator.clipboard?.writeText(logText(lines)).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div>
    <Group gap="xs" mb={4}>
      <Button size="compact-xs" variant="subtle" onClick={copy}>
        {copied ? 'Copied' : 'Copy all'}
      </Button>
      {following ? null : (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            atBottom.current = true;
            setFollowing(true);
            virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
          }}
        >
          Follow the tail
        </Button>
      )}
      <Text size="xs" c="dimmed">
        {lines.length} lines
      </Text>
    </Group>
    <div
      ref={scrollRef}
      className="log-scroll"
      role="log"
      aria-label={`Log of ${server}`}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        if (atBottom.current !== following) setFollowing(atBottom.current);
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div
              key={line.seq}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="log-line"
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <span className="log-time">{clock(line.time)}</span>
              <Badge size="xs" variant="light" color={STREAM_COLOR[line.stream]} className="log-stream">
                {line.stream}
              </Badge>
              <span className="log-text">{line.text}</span>
            </div>
          );
        })}
      </div>
    </div>
    </div>
  );
}
