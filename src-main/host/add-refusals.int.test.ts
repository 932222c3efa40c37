/**
 * `add` refuses input it cannot write, with a clear message and exit 64 (README's exit-code table),
 * before anything is written — real CLI processes in a temp HOME, no keychain needed.
 * Failing inputs (issue 14): `add x --url notaurl` was accepted and written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
beforeAll(() => {
  world = makeWorld();
});
afterAll(() => world?.cleanup());

const ownFile = (): string => join(world.dataDir, 'servers.json');

describe('add refuses a URL that is not an http(s) address', () => {
  it.each([
    ['notaurl', '"url" is not a valid URL: "notaurl" (write it in full, e.g. https://example.com/mcp)'],
    ['ftp://example.com/mcp', '"url" must be http or https, not ftp'],
  ])('--url %s exits 64 and writes nothing', async (url, reason) => {
    const run = await runSwitchboard(world, ['add', 'x', '--url', url]);
    expect(run.code).toBe(64);
    expect(run.stderr.trim()).toBe(`Invalid server config: ${reason}`);
    expect(existsSync(ownFile())).toBe(false);
  });

  it('an https URL is still added', async () => {
    const run = await runSwitchboard(world, ['add', 'ok', '--url', 'https://api.example/mcp']);
    expect(run.code).toBe(0);
    expect(existsSync(ownFile())).toBe(true);
  });
});

describe('a host file that is not valid UTF-8 is never rewritten (attack pass, issue 14)', () => {
  // Failing input: a Latin-1 "é" (byte 0xE9) in a description; an edit decoded it to U+FFFD and wrote that back.
  const latin1 = (servers: string): Buffer => Buffer.concat([Buffer.from(`{ "mcpServers": { ${servers} "description": "caf`), Buffer.from([0xe9]), Buffer.from('" } } }\n')]);

  it('edit of a Cursor server refuses with a clear error and leaves every byte', async () => {
    const file = join(world.home, '.cursor', 'mcp.json');
    mkdirSync(join(world.home, '.cursor'), { recursive: true });
    const bytes = latin1('"s": { "command": "node",');
    writeFileSync(file, bytes);
    const run = await runSwitchboard(world, ['edit', 's', '--env', 'A=1']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Invalid server config: cannot read ${file}: it is not valid UTF-8 text (Switchboard edits config files only as UTF-8; save it as UTF-8 and try again); it was not changed`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("add to Switchboard's own servers.json refuses the same way", async () => {
    const own = join(world.dataDir, 'servers.json');
    const bytes = latin1('"old": { "command": "node",');
    writeFileSync(own, bytes);
    const run = await runSwitchboard(world, ['add', 'new', '--url', 'https://api.example/mcp']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('it is not valid UTF-8 text');
    expect(readFileSync(own).equals(bytes)).toBe(true);
  });
});

describe('add refuses a secret in the arguments or the URL, which cannot go to the keychain (a "break it" trial)', () => {
  // Failing input: both were written to servers.json and its backups as plain text, with no word.
  it('exits 64, names where, writes nothing; --allow-literal-secrets writes it and says so', async () => {
    const w = makeWorld();
    try {
      const file = join(w.dataDir, 'servers.json');
      const arg = await runSwitchboard(w, ['add', 'sec5', '--', 'node', 'x', '--token=sk-live-abcdef1234567890abcdef']);
      expect(arg.code).toBe(64);
      expect(arg.stderr).toContain('args[1] would be written to servers.json as plain text: an argument or a URL cannot reference the OS keychain.');
      expect(arg.stderr).not.toContain('sk-live-abcdef1234567890abcdef');
      const url = await runSwitchboard(w, ['add', 'sec6', '--url', 'https://example.com/mcp?api_key=sk-live-abcdef1234567890abcdef']);
      expect(url.code).toBe(64);
      expect(url.stderr).toContain('url would be written to servers.json as plain text');
      expect(existsSync(file)).toBe(false);
      const allowed = await runSwitchboard(w, ['add', 'sec5', '--allow-literal-secrets', '--', 'node', 'x', '--token=sk-live-abcdef1234567890abcdef']);
      expect(allowed.code, allowed.stderr).toBe(0);
      expect(`${allowed.stdout}${allowed.stderr}`).toContain('Literal secrets written to servers.json: args[1]');
      expect(readFileSync(file, 'utf8')).toContain('--token=sk-live-abcdef1234567890abcdef');
    } finally {
      w.cleanup();
    }
  });
});

describe('edit asks only about a secret it adds to the arguments or URL', () => {
  it('keeps one the file already holds without asking; a new one is refused (exit 64) until confirmed', async () => {
    const w = makeWorld();
    try {
      const file = join(w.home, '.cursor', 'mcp.json');
      mkdirSync(join(w.home, '.cursor'), { recursive: true });
      writeFileSync(file, JSON.stringify({ mcpServers: { s: { command: 'node', args: ['x', '--api-key=sk-live-abcdef1234567890abcdef'] } } }, null, 2));
      const env = await runSwitchboard(w, ['edit', 's', '--env', 'MODE=1']);
      expect(env.code, env.stderr).toBe(0);
      const same = await runSwitchboard(w, ['edit', 's', '--', 'node', 'y', '--api-key=sk-live-abcdef1234567890abcdef']);
      expect(same.code, same.stderr).toBe(0);
      const added = await runSwitchboard(w, ['edit', 's', '--', 'node', 'y', '--api-key=sk-live-abcdef1234567890abcdef', '--token=sk-live-0123456789abcdefghij']);
      expect(added.code).toBe(64);
      expect(added.stderr).toContain("args[2] would be written to Cursor's file as plain text");
      expect(readFileSync(file, 'utf8')).not.toContain('--token=');
    } finally {
      w.cleanup();
    }
  });
});
