import { describe, expect, it } from 'vitest';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { warningCode, type ConfigWarningCode } from '../../../src-shared/config/warning-codes.js';
import { serverWarnings, sortWarnings, warningKind } from './warnings.js';

const w = (code: ConfigWarningCode, message: string, more: Partial<ConfigWarning> = {}): ConfigWarning => ({ file: '/a.json', message, ...warningCode(code), ...more });

describe('config warnings by kind', () => {
  it('tells unreadable files, skipped entries, loaded-but-broken entries and notes apart by code and severity', () => {
    expect(warningKind(w('malformed', 'Malformed JSON: PropertyNameExpected at line 3, column 5'))).toBe('file');
    expect(warningKind(w('file-unreadable', 'Cannot read config file: it is a symlink loop (ELOOP)'))).toBe('file');
    expect(warningKind(w('provider-failed', 'Reading zed config failed: boom'))).toBe('file');
    expect(warningKind(w('root-not-object', 'Config file must contain a JSON object, got array'))).toBe('file');
    expect(warningKind(w('syntax-error-kept', 'nothing was read from this file: it has a JSON syntax error'))).toBe('file');
    expect(warningKind(w('data-file-refused', 'is a symlink; refused'))).toBe('file');
    expect(warningKind(w('entry-wrong-type', 'A server with an empty name "" is skipped: give it a name'))).toBe('entry');
    expect(warningKind(w('invalid-server', 'Invalid server config: command is required (server "x")', { server: 'x' }))).toBe('entry');
    expect(warningKind(w('placeholder-unresolved', 'Server "x": env.K holds ${K}, which is not set: left as written', { server: 'x' }))).toBe('warning');
    expect(warningKind(w('enabled-unreadable', 'Server "x": "enabled" must be true or false, got "no"; the server is treated as disabled', { server: 'x' }))).toBe('warning');
    expect(warningKind(w('not-strict-json', 'Not strict JSON (comment or trailing comma at line 1, column 1): Claude Desktop may refuse this file; Switchboard read it anyway'))).toBe('note');
    expect(warningKind(w('disabled-in-switchboard-only', 'Server "x" is disabled in Switchboard only (Cursor has no enable flag in its file)', { server: 'x' }))).toBe('note');
    expect(warningKind(w('field-defaulted', 'Server "x": "protocol" must be one of auto, 2026-07-28, legacy, got 3; using auto', { server: 'x' }))).toBe('note');
  });

  it('never reads the words: a message that sounds like another group is sorted by its code', () => {
    expect(warningKind(w('field-ignored', 'Malformed JSON: words that once made this a file error'))).toBe('note');
    expect(warningKind(w('malformed', 'something was read anyway and ignored'))).toBe('file');
    expect(warningKind(w('invalid-server', 'Cannot read config file', { server: 's' }))).toBe('entry');
  });

  it('lists each unreadable file once and keeps warnings and notes apart', () => {
    const s = sortWarnings([
      w('malformed', 'Malformed JSON: x at line 3, column 1', { line: 3 }),
      w('malformed', 'Malformed JSON: y at line 4, column 1', { line: 4 }),
      w('not-strict-json', 'Not strict JSON (comment …): read it anyway', { file: '/b.json' }),
      w('invalid-server', 'Invalid server config: bad (server "s")', { file: '/c.json', server: 's' }),
      w('placeholder-literal', 'Server "s": url holds <KEY>, a template placeholder left unfilled', { file: '/c.json', server: 't' }),
    ]);
    expect(s.files.map((x) => x.line)).toEqual([3]);
    expect(s.errors.map((x) => x.code)).toEqual(['malformed', 'malformed', 'invalid-server']);
    expect(s.warnings.map((x) => x.server)).toEqual(['t']);
    expect(s.notes.map((x) => x.file)).toEqual(['/b.json']);
  });

  it("gives a server's row only its loaded-but-broken warnings", () => {
    const list = [w('placeholder-unresolved', 'Server "s": a', { server: 's' }), w('invalid-server', 'b', { server: 's' }), w('placeholder-unresolved', 'Server "t": c', { server: 't' })];
    expect(serverWarnings(list, 's', '/a.json').map((x) => x.message)).toEqual(['Server "s": a']);
  });
});
