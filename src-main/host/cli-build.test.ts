/**
 * The built CLI's freshness check (bin/cli-build.mjs, issue 11): a missing or stale build is named,
 * never run. Uses a throwaway package root with a fake build-info.json, so it never touches out/.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtEntryUrl, cliBuildProblem } from '../../bin/cli-build.mjs';

let root: string;
const past = (secondsAgo: number): Date => new Date(Date.now() - secondsAgo * 1000);

function writeBuild(startedAtMs: number, inputs: string[]): void {
  mkdirSync(join(root, 'out', 'cli'), { recursive: true });
  writeFileSync(join(root, 'out', 'cli', 'build-info.json'), JSON.stringify({ startedAtMs, inputs }));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'switchboard-cli-build-'));
  mkdirSync(join(root, 'src-main'), { recursive: true });
  for (const file of ['src-main/a.ts', 'src-main/b.ts', 'package.json']) {
    writeFileSync(join(root, file), 'x');
    utimesSync(join(root, file), past(60), past(60));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('cliBuildProblem', () => {
  it('says the CLI is not built when build-info.json is missing', () => {
    expect(cliBuildProblem(root)).toMatch(/^The switchboard CLI is not built \(.*out\/cli is missing or incomplete\)\.$/);
  });

  it('is undefined for a build newer than every input', () => {
    writeBuild(Date.now() - 30_000, ['src-main/a.ts', 'src-main/b.ts']);
    expect(cliBuildProblem(root)).toBeUndefined();
  });

  it('names the first input that changed after the build started', () => {
    writeBuild(Date.now() - 30_000, ['src-main/a.ts', 'src-main/b.ts']);
    utimesSync(join(root, 'src-main/b.ts'), new Date(), new Date());
    expect(cliBuildProblem(root)).toBe('The built switchboard CLI is out of date: src-main/b.ts changed after it was built.');
  });

  it('counts package.json (dependencies are bundled) and a deleted input', () => {
    writeBuild(Date.now() - 30_000, ['src-main/a.ts']);
    utimesSync(join(root, 'package.json'), new Date(), new Date());
    expect(cliBuildProblem(root)).toBe('The built switchboard CLI is out of date: package.json changed after it was built.');
    utimesSync(join(root, 'package.json'), past(60), past(60));
    rmSync(join(root, 'src-main/a.ts'));
    expect(cliBuildProblem(root)).toBe('The built switchboard CLI is out of date: src-main/a.ts is gone since it was built.');
  });

  it('outside a source checkout (no src-main/) only checks that the build is there', () => {
    writeBuild(0, ['src-main/a.ts']);
    rmSync(join(root, 'src-main'), { recursive: true });
    expect(cliBuildProblem(root)).toBeUndefined();
  });
});

describe('builtEntryUrl', () => {
  it('gives the file URL of a current build and throws with how to build otherwise', () => {
    expect(() => builtEntryUrl('cli.mjs', root)).toThrow(/not built[\s\S]*npm run build:cli/);
    writeBuild(Date.now(), []);
    expect(builtEntryUrl('cli.mjs', root)).toBe(`file://${join(root, 'out', 'cli', 'cli.mjs')}`);
  });
});
