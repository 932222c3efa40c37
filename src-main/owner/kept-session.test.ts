/** The kept session file (kept-session.ts): 0600, read back as written, a symlink neither read nor written through. */
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptSessionFile, readKeptSession, writeKeptSession } from './kept-session.js';

const dirs: string[] = [];
const folder = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'sb-kept-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const session = { token: 'a'.repeat(32), port: 41_234 };

describe('kept session', () => {
  it('is written 0600 and read back; none yet → undefined, nothing said', async () => {
    const dir = folder();
    const said: string[] = [];
    expect(readKeptSession(dir, (t) => said.push(t))).toBeUndefined();
    await writeKeptSession(dir, session);
    expect(statSync(keptSessionFile(dir)).mode & 0o777).toBe(0o600);
    expect(readKeptSession(dir, (t) => said.push(t))).toEqual(session);
    await writeKeptSession(dir, { ...session, port: 41_235 });
    expect(readKeptSession(dir, (t) => said.push(t))).toEqual({ ...session, port: 41_235 });
    expect(said).toEqual([]);
  });

  it('a symlinked session.json is neither written through nor read; its target is unchanged', async () => {
    const dir = folder();
    const target = join(folder(), 'elsewhere.json');
    writeFileSync(target, JSON.stringify(session));
    symlinkSync(target, keptSessionFile(dir));
    await expect(writeKeptSession(dir, { ...session, token: 'b'.repeat(32) })).rejects.toThrow(`${keptSessionFile(dir)} is a symlink`);
    expect(readFileSync(target, 'utf8')).toBe(JSON.stringify(session));
    const said: string[] = [];
    expect(readKeptSession(dir, (t) => said.push(t))).toBeUndefined();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/is a symlink.*neither read nor written.*a new session token is made\.$/);
  });

  it('a file that does not parse, or a short token, is ignored and said', () => {
    const dir = folder();
    for (const text of ['{not json', JSON.stringify({ token: 'short', port: 1 })]) {
      writeFileSync(keptSessionFile(dir), text);
      const said: string[] = [];
      expect(readKeptSession(dir, (t) => said.push(t))).toBeUndefined();
      expect(said).toEqual([`${keptSessionFile(dir)} is not a valid session file; a new session token is made.`]);
    }
  });
});
