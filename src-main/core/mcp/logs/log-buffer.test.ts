import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../src-shared/api/status.js';
import { createLineSplitter, LogStore, MAX_LOG_LINE_CHARS } from './log-buffer.js';

describe('LogStore', () => {
  it('numbers entries with one global increasing seq across servers', () => {
    const store = new LogStore({ now: () => 42 });
    store.append('a', 'stderr', 'one');
    store.append('b', 'system', 'two');
    store.append('a', 'stderr', 'three');
    expect(store.logs('a')).toEqual([
      { seq: 1, server: 'a', time: 42, stream: 'stderr', text: 'one' },
      { seq: 3, server: 'a', time: 42, stream: 'stderr', text: 'three' },
    ]);
    expect(store.logs('b').map((e) => e.seq)).toEqual([2]);
    expect(store.lastSeq()).toBe(3);
  });

  it('returns only entries after afterSeq', () => {
    const store = new LogStore();
    for (let i = 1; i <= 5; i++) store.append('a', 'stderr', `line ${i}`);
    expect(store.logs('a', 3).map((e) => e.text)).toEqual(['line 4', 'line 5']);
    expect(store.logs('a', 5)).toEqual([]);
    expect(store.logs('unknown')).toEqual([]);
  });

  it('keeps only the last `capacity` lines per server, oldest dropped first', () => {
    const store = new LogStore({ capacity: 3 });
    for (let i = 1; i <= 10; i++) store.append('a', 'stderr', `line ${i}`);
    store.append('b', 'stderr', 'other');
    expect(store.logs('a').map((e) => e.text)).toEqual(['line 8', 'line 9', 'line 10']);
    expect(store.logs('a').map((e) => e.seq)).toEqual([8, 9, 10]);
    expect(store.logs('b').map((e) => e.text)).toEqual(['other']);
  });

  it('defaults to 200 lines per server', () => {
    const store = new LogStore();
    for (let i = 1; i <= 250; i++) store.append('a', 'stderr', `line ${i}`);
    const lines = store.logs('a');
    expect(lines).toHaveLength(200);
    expect(lines[0]!.text).toBe('line 51');
  });

  it('caps one enormous line at 8 KiB and marks it', () => {
    const store = new LogStore();
    const entry = store.append('a', 'stderr', 'x'.repeat(1_000_000));
    expect(entry.text.startsWith('x'.repeat(MAX_LOG_LINE_CHARS))).toBe(true);
    expect(entry.text.endsWith('…[truncated]')).toBe(true);
    expect(entry.text.length).toBeLessThan(MAX_LOG_LINE_CHARS + 20);
  });

  it('drops a trailing carriage return and reports every entry to onEntry', () => {
    const seen: LogEntry[] = [];
    const store = new LogStore({ onEntry: (e) => seen.push(e) });
    store.append('a', 'stderr', 'windows line\r');
    expect(seen.map((e) => e.text)).toEqual(['windows line']);
  });

  it('tail gives the last n lines of one stream', () => {
    const store = new LogStore();
    store.append('a', 'stderr', 'e1');
    store.append('a', 'system', 's1');
    store.append('a', 'stderr', 'e2');
    store.append('a', 'stderr', 'e3');
    expect(store.tail('a', 'stderr', 2)).toEqual(['e2', 'e3']);
  });
});

describe('createLineSplitter', () => {
  it('splits chunks into lines, joining lines split across chunks', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l));
    s.push(Buffer.from('alpha\nbe'));
    s.push('ta\ngam');
    expect(lines).toEqual(['alpha', 'beta']);
    s.flush();
    expect(lines).toEqual(['alpha', 'beta', 'gam']);
  });

  it('decodes a multi-byte character split across chunks', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l));
    const bytes = Buffer.from('é\n');
    s.push(bytes.subarray(0, 1));
    s.push(bytes.subarray(1));
    expect(lines).toEqual(['é']);
  });

  it('bounds a line that never ends: emits it cut once, drops the rest up to the newline', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l), 10);
    for (let i = 0; i < 1000; i++) s.push('y'.repeat(100));
    s.push('tail-of-huge\nnext\n');
    expect(lines).toEqual(['yyyyyyyyyy …[truncated]', 'next']);
  });
});
