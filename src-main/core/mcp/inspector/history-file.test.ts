/** Bounds of the kept call history (issue 14 item 12): per server, in all, and in bytes; newest kept. */
import { describe, expect, it } from 'vitest';
import { boundRecords, type StoredCallRecord } from './history-file.js';

const rec = (server: string, i: number, size = 10): StoredCallRecord => ({
  id: `${server}-${i}`,
  server,
  tool: 't',
  args: { v: 'x'.repeat(size) },
  startedAt: i,
  durationMs: 1,
  outcome: 'ok',
  preview: '',
});

describe('boundRecords', () => {
  it('keeps the newest per server, oldest first', () => {
    const all = [...Array.from({ length: 5 }, (_, i) => rec('a', i)), ...Array.from({ length: 3 }, (_, i) => rec('b', 10 + i))];
    expect(boundRecords(all, 2).map((r) => r.id)).toEqual(['a-3', 'a-4', 'b-11', 'b-12']);
  });
  it('keeps at most maxRecords in all', () => {
    const all = Array.from({ length: 10 }, (_, i) => rec(`s${i}`, i));
    expect(boundRecords(all, 100, 3).map((r) => r.id)).toEqual(['s7-7', 's8-8', 's9-9']);
  });
  it('drops the oldest past the byte bound', () => {
    const all = Array.from({ length: 10 }, (_, i) => rec('a', i, 1000));
    const kept = boundRecords(all, 100, 100, 3500);
    expect(kept.map((r) => r.id)).toEqual(['a-7', 'a-8', 'a-9']);
    expect(Buffer.byteLength(JSON.stringify({ version: 1, records: kept }))).toBeLessThanOrEqual(3500);
  });
});
