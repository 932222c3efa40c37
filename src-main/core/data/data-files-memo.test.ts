/**
 * readDataText's memory of small data files (data-files.ts `rememberedText`): settings are read on
 * every gateway call (issue 32 item 1), so an unchanged file is answered after one lstat — and any
 * change of the file, however it is made, is read again, with every check of a first read.
 */
import { mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFileRefused, readDataText, writeDataFile } from './data-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data folder with `state.json` holding `text`, written two seconds ago (old enough to be remembered). */
function oldFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-data-memo-'));
  dirs.push(dir);
  const file = join(dir, 'state.json');
  writeFileSync(file, text, { mode: 0o600 });
  const past = new Date(Date.now() - 2000);
  utimesSync(file, past, past);
  return file;
}

describe('readDataText remembers only an unchanged file', () => {
  it('reads a file replaced by an atomic write (a new inode) afresh', async () => {
    const file = oldFile('{"a":1}');
    expect(readDataText(file)).toBe('{"a":1}');
    expect(readDataText(file)).toBe('{"a":1}');
    await writeDataFile(file, '{"a":2}');
    expect(readDataText(file)).toBe('{"a":2}');
  });

  it('reads a same-size rewrite in place afresh, even with its modification time set back', () => {
    const file = oldFile('{"a":1}');
    expect(readDataText(file)).toBe('{"a":1}');
    writeFileSync(file, '{"a":9}');
    const past = new Date(Date.now() - 2000);
    utimesSync(file, past, past); // the change time still moves: an editor cannot hide the change
    expect(readDataText(file)).toBe('{"a":9}');
  });

  it('refuses a link put at the name after a read, as a first read does', () => {
    const file = oldFile('{"a":1}');
    expect(readDataText(file)).toBe('{"a":1}');
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'sb-data-memo-other-')), 'x.json');
    dirs.push(join(elsewhere, '..'));
    writeFileSync(elsewhere, '{"planted":true}');
    rmSync(file);
    symlinkSync(elsewhere, file);
    expect(() => readDataText(file)).toThrow(DataFileRefused);
  });

  it('says a file removed after a read is missing', () => {
    const file = oldFile('{"a":1}');
    expect(readDataText(file)).toBe('{"a":1}');
    rmSync(file);
    expect(() => readDataText(file)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

describe('readDataText remembers a missing file until something is at its name', () => {
  it('says missing again, then reads the file once it is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-data-memo-missing-'));
    dirs.push(dir);
    const file = join(dir, 'trust.json');
    for (let i = 0; i < 2; i++) expect(() => readDataText(file)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    await writeDataFile(file, '{"trusted":[]}');
    expect(readDataText(file)).toBe('{"trusted":[]}');
  });

  it('refuses a link that appears at a missing name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-data-memo-missing-'));
    dirs.push(dir);
    const file = join(dir, 'trust.json');
    expect(() => readDataText(file)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    writeFileSync(join(dir, 'elsewhere.json'), '{}');
    symlinkSync(join(dir, 'elsewhere.json'), file);
    expect(() => readDataText(file)).toThrow(DataFileRefused);
  });
});
