import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelEntry } from '../../../src-shared/api/channels.js';
import { ChannelFile, DEFAULT_CHANNEL_FILE_BYTES, entryLine, rotatedPath } from './channel-file.js';
import { ChannelMarks } from './channel-marks.js';
import { ChannelStore } from './channel-store.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-chanfile-'));
  path = join(dir, 'channels.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (seq: number, payload: unknown = { n: seq }): ChannelEntry => ({ seq, server: 's', channel: 'alerts/critical', method: 'notifications/alerts/critical', time: 1_000 + seq, payload });
const lineBytes = (e: ChannelEntry): number => Buffer.byteLength(`${JSON.stringify(e)}\n`);

describe('ChannelFile: appends and rotation', () => {
  it('defaults to a 10 MiB limit', () => {
    expect(DEFAULT_CHANNEL_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('writes a batch of lines with the same rotation as one by one (appendLines), each file at most the limit', () => {
    const one = lineBytes(entry(1));
    const file = new ChannelFile(path, { maxBytes: one * 3 });
    file.appendLines([1, 2, 3, 4, 5, 6, 7].map((s) => entryLine(entry(s))));
    file.close();
    const seqs = (p: string) => readFileSync(p, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as ChannelEntry).seq);
    expect(seqs(rotatedPath(path))).toEqual([4, 5, 6]);
    expect(seqs(path)).toEqual([7]);
    // A line built from the payload's JSON reads back as the same entry.
    expect(JSON.parse(entryLine(entry(8, { a: [1, 'x'] }), '{"a":[1,"x"]}'))).toEqual(entry(8, { a: [1, 'x'] }));
  });

  it('the store writes what one task appended at its end, in one batch, before any read of the file', async () => {
    const store = new ChannelStore({ marks: new ChannelMarks(), file: new ChannelFile(path), windowSize: 2 });
    for (let i = 1; i <= 5; i++) store.append({ server: 's', channel: 'c', method: 'notifications/c', payload: { i } });
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '').toBe(''); // not yet: the task is not over
    // A read of the file (an entry older than the window) writes them first.
    expect(store.get(1)?.payload).toEqual({ i: 1 });
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(5);
    store.append({ server: 's', channel: 'c', method: 'notifications/c', payload: { i: 6 } });
    await Promise.resolve();
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(6);
    store.close();
  });

  it('rotates exactly when the next line would pass the limit: a file reaches the limit, never more', () => {
    // Lines of one size; the limit is exactly three of them.
    const one = lineBytes(entry(1));
    expect(lineBytes(entry(9))).toBe(one);
    const file = new ChannelFile(path, { maxBytes: one * 3 });
    for (const s of [1, 2, 3]) file.append(entry(s));
    expect(statSync(path).size).toBe(one * 3); // exactly at the limit: no rotation yet
    expect(existsSync(rotatedPath(path))).toBe(false);
    file.append(entry(4));
    expect(statSync(rotatedPath(path)).size).toBe(one * 3);
    expect(statSync(path).size).toBe(one);
    // The next rotation replaces the previous one: only one old file is kept.
    for (const s of [5, 6, 7]) file.append(entry(s));
    file.close();
    const rotated = readFileSync(rotatedPath(path), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as ChannelEntry).seq);
    expect(rotated).toEqual([4, 5, 6]);
    expect(readFileSync(path, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as ChannelEntry).seq)).toEqual([7]);
  });

  it('one byte under the limit rotates one line earlier', () => {
    const one = lineBytes(entry(1));
    const file = new ChannelFile(path, { maxBytes: one * 3 - 1 });
    for (const s of [1, 2, 3]) file.append(entry(s));
    file.close();
    expect(statSync(rotatedPath(path)).size).toBe(one * 2);
    expect(statSync(path).size).toBe(one);
  });

  it('loads the newest entries across the rotation, with the last seq', () => {
    const one = lineBytes(entry(1));
    const file = new ChannelFile(path, { maxBytes: one * 2 });
    for (let s = 1; s <= 5; s++) file.append(entry(s));
    file.close();
    const loaded = new ChannelFile(path, { maxBytes: one * 2 }).load(3);
    expect(loaded.entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(loaded.lastSeq).toBe(5);
    expect(loaded.warnings).toEqual([]);
  });

  it('reads older entries on demand, newest first cut, with hasMore', () => {
    const file = new ChannelFile(path);
    for (let s = 1; s <= 10; s++) file.append(entry(s, { n: s, even: s % 2 === 0 }));
    const page = file.readOlder(9, (e) => (e.payload as { even: boolean }).even, 2);
    expect(page.entries.map((e) => e.seq)).toEqual([6, 8]);
    expect(page.hasMore).toBe(true);
    expect(file.readOlder(5, () => true, 10)).toEqual({ entries: [1, 2, 3, 4].map((s) => entry(s, { n: s, even: s % 2 === 0 })), hasMore: false });
    file.close();
  });
});

describe('ChannelFile: a torn last line', () => {
  it('is skipped with a warning, cut off, and the next append starts a clean line', () => {
    const file = new ChannelFile(path);
    file.append(entry(1));
    file.append(entry(2));
    file.close();
    appendFileSync(path, '{"seq":3,"server":"s","chan'); // the owner was killed mid-write
    const again = new ChannelFile(path);
    const loaded = again.load(100);
    expect(loaded.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(loaded.lastSeq).toBe(2);
    expect(loaded.warnings).toEqual(['channels.jsonl: the last line was cut off (27 bytes, written when Switchboard stopped) — skipped']);
    again.append(entry(3));
    again.close();
    const reread = new ChannelFile(path).load(100);
    expect(reread.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(reread.warnings).toEqual([]);
  });

  it('a complete last entry that only lost its newline is kept and repaired', () => {
    writeFileSync(path, `${JSON.stringify(entry(1))}\n${JSON.stringify(entry(2))}`);
    const file = new ChannelFile(path);
    expect(file.load(10).entries.map((e) => e.seq)).toEqual([1, 2]);
    file.append(entry(3));
    file.close();
    expect(new ChannelFile(path).load(10).entries.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('read-only: skipped with the warning, the file left exactly as it was', () => {
    const text = `${JSON.stringify(entry(1))}\n{"seq":2,`;
    writeFileSync(path, text);
    const loaded = new ChannelFile(path, { readOnly: true }).load(10);
    expect(loaded.entries.map((e) => e.seq)).toEqual([1]);
    expect(loaded.warnings).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(() => new ChannelFile(path, { readOnly: true }).append(entry(3))).toThrow('read-only');
  });

  it('damaged lines in the middle are skipped with file:line, the first three named and the rest counted (trial 5 finding 10)', () => {
    writeFileSync(path, `${JSON.stringify(entry(1))}\nnot json\n{"seq":"x"}\n\n${JSON.stringify(entry(2))}\n`);
    const loaded = new ChannelFile(path).load(10);
    expect(loaded.entries.map((e) => e.seq)).toEqual([1, 2]);
    const what = 'not a notification (a damaged line) — skipped; the other lines were read';
    expect(loaded.warnings).toEqual([`${path}:2: ${what}`, `${path}:3: ${what}`]);
    const lines = [JSON.stringify(entry(1)), ...Array.from({ length: 1_000 }, (_, i) => `garbage ${i}`), JSON.stringify(entry(2))];
    writeFileSync(path, `${lines.join('\n')}\n`);
    const many = new ChannelFile(path).load(10);
    expect(many.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(many.warnings).toEqual([`${path}:2: ${what}`, `${path}:3: ${what}`, `${path}:4: ${what}`, `${path}: 997 more damaged lines skipped (1000 in all, from line 5)`]);
  });

  it('a missing file is empty, not an error', () => {
    expect(new ChannelFile(path).load(10)).toEqual({ entries: [], lastSeq: 0, warnings: [] });
  });
});
