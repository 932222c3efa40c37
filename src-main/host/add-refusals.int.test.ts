/**
 * `add` refuses input it cannot write, with a clear message and exit 64 (README's exit-code table),
 * before anything is written — real CLI processes in a temp HOME, no keychain needed.
 * Failing inputs (issue 14): `add x --url notaurl` was accepted and written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/test-world.js';

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
