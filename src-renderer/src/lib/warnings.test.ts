import { describe, expect, it } from 'vitest';
import { sortWarnings, warningKind } from './warnings.js';

describe('config warnings by kind', () => {
  it('tells unreadable files, skipped entries and notes apart', () => {
    expect(warningKind({ file: '/a.json', line: 3, column: 5, message: 'Malformed JSON: PropertyNameExpected at line 3, column 5' })).toBe('file');
    expect(warningKind({ file: '/a.toml', message: 'Malformed TOML: x at line 1, column 2' })).toBe('file');
    expect(warningKind({ file: '/a', message: 'Cannot read config file: it is a symlink loop (ELOOP)' })).toBe('file');
    expect(warningKind({ file: '/a', message: 'Reading zed config failed: boom' })).toBe('file');
    expect(warningKind({ file: '/a', line: 2, column: 3, message: 'A server with an empty name "" is skipped: give it a name' })).toBe('entry');
    expect(warningKind({ file: '/a', server: 'x', message: 'Invalid server config: command is required (server "x")' })).toBe('entry');
    expect(
      warningKind({ file: '/a', line: 1, column: 1, message: 'Not strict JSON (comment or trailing comma at line 1, column 1): Claude Desktop may refuse this file; Switchboard read it anyway' }),
    ).toBe('note');
    expect(warningKind({ file: '/a', server: 'x', message: 'Server "x" is disabled in Switchboard only (Cursor has no enable flag in its file)' })).toBe('note');
    expect(warningKind({ file: '/a', message: 'anything', severity: 'note' } as never)).toBe('note');
  });
  it('lists each unreadable file once and keeps notes apart', () => {
    const s = sortWarnings([
      { file: '/a.json', line: 3, message: 'Malformed JSON: x at line 3, column 1' },
      { file: '/a.json', line: 4, message: 'Malformed JSON: y at line 4, column 1' },
      { file: '/b.json', message: 'Not strict JSON (comment …): read it anyway' },
      { file: '/c.json', server: 's', message: 'Invalid server config: bad (server "s")' },
    ]);
    expect(s.files.map((w) => w.line)).toEqual([3]);
    expect(s.errors).toHaveLength(3);
    expect(s.notes.map((w) => w.file)).toEqual(['/b.json']);
  });
});
