/**
 * Record lists (origin records): a record of another shape is skipped on read and kept on write; a
 * file that exists but does not read is never rewritten with just the new record.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { putRecord, readRecordList } from './record-list.js';

const dir = mkdtempSync(join(tmpdir(), 'sb-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const Rec = z.object({ server: z.string(), file: z.string(), note: z.string() });

describe('record lists', () => {
  it('a file that does not read is refused, not rewritten with the one record', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1, "servers": [', { mode: 0o600 });
    await expect(putRecord(file, Rec, { server: 'a', file: 'f', note: 'new' })).rejects.toMatchObject({ code: 'INVALID_CONFIG', message: expect.stringContaining(`${file} could not be read, so it was not rewritten (that would lose its records): it is not JSON (`) });
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "servers": [');
  });

  it('a record of another shape is skipped on read and kept as it is on write; the same server and file is replaced', async () => {
    const file = join(dir, 'mixed.json');
    writeFileSync(file, JSON.stringify({ version: 1, servers: [{ server: 'a', file: 'f', note: 'old' }, { server: 'odd' }] }), { mode: 0o600 });
    expect(readRecordList(file, Rec)).toEqual([{ server: 'a', file: 'f', note: 'old' }]);
    await putRecord(file, Rec, { server: 'a', file: 'f', note: 'new' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, servers: [{ server: 'odd' }, { server: 'a', file: 'f', note: 'new' }] });
  });
});
