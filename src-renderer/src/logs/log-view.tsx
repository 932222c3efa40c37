/**
 * A server's log lines (docs/connections-supervision.md stderr ring buffer, plus lifecycle notes), virtualised with
 * @tanstack/react-virtual. Loads `logs:get` (only lines newer than those held) when shown; new
 * lines arrive through the store's `logs:appended` subscription. Follows the tail while the view
 * is scrolled to the bottom. Issue 15 item 3: each line's level (decided in the core) is coloured
 * and filterable, a search keeps the lines containing a text, the shown lines export as a file, and
 * rows of any height are measured by their `seq` (a wrapped line never overlaps the next, also
 * when old lines drop off the front).
 */
import { Badge, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LogEntry, LogLevel } from '../../../src-shared/api/status.js';
import { downloadText } from '../lib/download.js';
import { useApp, useStore } from '../store/use-store.js';
import { useFillHeight } from '../lib/use-fill-height.js';
import { clockTime } from '../../../src-shared/format-clock.js';
import '../common/lists.css';

const NO_LINES: LogEntry[] = [];

/** `HH:MM:SS.mmm` in local time (the shared format, src-shared/format-clock.ts). */
const clock = (ms: number): string => clockTime(ms, true);

/** The lines as plain text (`HH:MM:SS.mmm stream text`), as `switchboard logs` prints them. */
export function logText(lines: readonly LogEntry[]): string {
  return lines.map((l) => `${clock(l.time)} ${l.stream.padEnd(6)} ${l.text}`).join('\n');
}

const STREAM_COLOR: Record<LogEntry['stream'], string> = { stderr: 'orange', stdout: 'blue', system: 'gray' };
const LEVELS: LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const LEVEL_COLOR: Record<LogLevel, string> = { debug: 'gray', info: 'blue', notice: 'cyan', warning: 'yellow', error: 'red', critical: 'red', alert: 'red', emergency: 'red' };

/** Lines at `minLevel` or above (lines without a level pass only with no minimum) containing `text` (case-insensitive). Pure. */
export function filterLogs(lines: readonly LogEntry[], minLevel: LogLevel | '', text: string): readonly LogEntry[] {
  const needle = text.trim().toLowerCase();
  if (minLevel === '' && needle === '') return lines;
  const floor = minLevel === '' ? -1 : LEVELS.indexOf(minLevel);
  return lines.filter((l) => (floor < 0 || (l.level !== undefined && LEVELS.indexOf(l.level) >= floor)) && (needle === '' || l.text.toLowerCase().includes(needle)));
}

/** The log list of one server. */
export function LogView({ server }: { server: string }) {
  const { store } = useApp();
  const lines = useStore((s) => s.logs[server] ?? NO_LINES);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [following, setFollowing] = useState(true);
  const [copied, setCopied] = useState(false);
  const [minLevel, setMinLevel] = useState<LogLevel | ''>('');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterLogs(lines, minLevel, search), [lines, minLevel, search]);
  // The list reaches the bottom of the window, whatever the server page shows above it (issue 32).
  const fillHeight = useFillHeight(scrollRef, lines.length > 0);

  useEffect(() => {
    void store.loadLogs(server);
  }, [store, server]);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 22,
    // Sizes keyed by the line, not its index: when old lines drop off the front, a measured
    // wrapped line keeps its height and the rows after it do not overlap.
    getItemKey: (i) => shown[i]!.seq,
    overscan: 20,
  });

  useLayoutEffect(() => {
    if (atBottom.current && shown.length > 0) virtualizer.scrollToIndex(shown.length - 1, { align: 'end' });
  }, [shown.length, virtualizer]);

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
            virtualizer.scrollToIndex(shown.length - 1, { align: 'end' });
          }}
        >
          Follow the tail
        </Button>
      )}
      <Text size="xs" c="dimmed">
        {lines.length} lines
      </Text>
      <NativeSelect
        size="xs"
        aria-label="Lowest level shown"
        value={minLevel}
        onChange={(e) => setMinLevel(e.currentTarget.value as LogLevel | '')}
        data={[{ value: '', label: 'Every line' }, ...LEVELS.map((l) => ({ value: l, label: `${l} and above` }))]}
      />
      <TextInput size="xs" placeholder="Search the log" aria-label="Search the log" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      {shown.length !== lines.length ? (
        <Text size="xs" c="dimmed" role="status">
          {shown.length} shown
        </Text>
      ) : null}
      <Button size="compact-xs" variant="subtle" onClick={() => downloadText(`${server}.log`, logText(shown))}>
        Export
      </Button>
    </Group>
    <div
      ref={scrollRef}
      className="log-scroll"
      style={fillHeight === undefined ? undefined : { height: fillHeight }}
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
          const line = shown[item.index]!;
          return (
            <div
              key={line.seq}
              data-index={item.index}
              ref={virtualizer.measureElement}
              data-level={line.level}
              className="log-line"
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <span className="log-time">{clock(line.time)}</span>
              <Badge size="xs" variant="light" color={STREAM_COLOR[line.stream]} className="log-stream">
                {line.stream}
              </Badge>
              {line.level ? (
                <Badge size="xs" variant={LEVEL_COLOR[line.level] === 'red' ? 'filled' : 'light'} color={LEVEL_COLOR[line.level]} className="log-stream">
                  {line.level}
                </Badge>
              ) : null}
              <span className="log-text">{line.text}</span>
            </div>
          );
        })}
      </div>
    </div>
    </div>
  );
}
