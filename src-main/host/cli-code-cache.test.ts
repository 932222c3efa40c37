/**
 * The built CLI's code cache on Node 20 (bin/cli-code-cache.mjs, issue 32 item 1): a bundle's files
 * are compiled with the V8 code cache a previous run left beside them; a missing or unusable cache
 * is compiled afresh and written, and nothing about the cache can make a run fail. Each run is its
 * own Node process (the cache is per process start), on a throwaway bundle: out/ is never touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const LOADER = pathToFileURL(join(REPO_ROOT, 'bin', 'cli-code-cache.mjs')).href;
let bundle: string;

/**
 * One process start: require the entry with the cache, call its `run()` (which requires a lazy
 * chunk), save. Resolves to what the entry returned and which files came from the cache.
 */
function runOnce(): { result: string; fromCache: string[] } {
  const driver = `
    const { requireWithCodeCache } = await import(${JSON.stringify(LOADER)});
    const loaded = requireWithCodeCache(${JSON.stringify(join(bundle, 'entry.cjs'))}, ${JSON.stringify(bundle)});
    const result = await loaded.exports.run();
    loaded.save();
    process.stdout.write(JSON.stringify({ result, fromCache: loaded.fromCache().sort() }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' })) as { result: string; fromCache: string[] };
}

const cacheDir = (): string => join(bundle, '.code-cache', `${process.version}-${process.arch}`);

beforeEach(() => {
  bundle = mkdtempSync(join(tmpdir(), 'switchboard-code-cache-'));
  mkdirSync(join(bundle, 'chunks'));
  writeFileSync(join(bundle, 'entry.cjs'), `const b = require("./chunks/b.cjs");\nexports.run = async () => b.word() + (await Promise.resolve().then(() => require("./chunks/c.cjs"))).word() + require("node:path").sep;\n`);
  writeFileSync(join(bundle, 'chunks', 'b.cjs'), 'exports.word = () => "b";\n');
  writeFileSync(join(bundle, 'chunks', 'c.cjs'), 'exports.word = () => "c";\n');
});
afterEach(() => rmSync(bundle, { recursive: true, force: true }));

describe('requireWithCodeCache', () => {
  it('writes a cache for every file of the bundle the run loaded, and the next run compiles from it', () => {
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: [] });
    expect(readdirSync(cacheDir()).map((f) => f.replace(/-\d+-\d+\.v8$/, '')).sort()).toEqual(['chunks~b.cjs', 'chunks~c.cjs', 'entry.cjs']);
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: ['chunks/b.cjs', 'chunks/c.cjs', 'entry.cjs'] });
  });

  it('compiles afresh past a damaged cache, and writes a good one in its place', () => {
    runOnce();
    const damaged = readdirSync(cacheDir()).find((f) => f.startsWith('chunks~b.cjs'));
    writeFileSync(join(cacheDir(), damaged ?? ''), 'not a code cache');
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: ['chunks/c.cjs', 'entry.cjs'] });
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: ['chunks/b.cjs', 'chunks/c.cjs', 'entry.cjs'] });
  });

  it('never meets the cache of a file that was rewritten, and runs the new code', () => {
    runOnce();
    writeFileSync(join(bundle, 'chunks', 'b.cjs'), 'exports.word = () => "B";\n');
    expect(runOnce()).toEqual({ result: 'Bc/', fromCache: ['chunks/c.cjs', 'entry.cjs'] });
  });

  it('runs, caching nothing, where no cache can be written', () => {
    writeFileSync(join(bundle, '.code-cache'), 'a file where the folder would go');
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: [] });
    expect(runOnce()).toEqual({ result: 'bc/', fromCache: [] });
  });
});
