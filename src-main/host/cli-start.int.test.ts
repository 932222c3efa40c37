/**
 * How the built CLI starts (issue 11): `--version` answers from package.json (the bin's fast path
 * and `runCli` agree), and the CLI start-up benchmark runs end to end against the real
 * server-everything and the pinned Inspector CLI. No timing is asserted: figures go to `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCli, formatTargetResult } from '../../bench/cli-bench.js';
import { CLI_BIN, REPO_ROOT } from '../core/test-world.js';
import { runCli } from './cli.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('switchboard --version', () => {
  it('prints the package version, from the bin fast path and from runCli (any position)', async () => {
    for (const flag of ['--version', '-V']) {
      const run = spawnSync(process.execPath, [CLI_BIN, flag], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${VERSION}\n`);
    }
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void out.push(`ERR ${t}`) };
    expect(await runCli(['status', '--version'], io)).toBe(0);
    expect(await runCli(['--version', '--json'], io)).toBe(0);
    expect(out).toEqual([VERSION, VERSION]);
  });
});

describe('CLI start-up benchmark (smoke)', () => {
  it('measures tools vs the Inspector CLI and --version vs bare node, with their targets', async () => {
    const results = await benchCli(1);
    expect(results.map((r) => [r.referenceName, r.target])).toEqual([
      ['inspector CLI', 0.45],
      ['bare node -e 0', 1.3],
    ]);
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0).toBe(true);
      expect(formatTargetResult(r)).toMatch(/ → ratio [\d.]+ \(target ≤ [\d.]+, (met|MISSED)\)$/);
    }
  }, 240_000);
});
