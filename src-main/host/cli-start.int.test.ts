/**
 * How the built CLI starts (issue 11): `--version` answers from package.json (the bin's fast path
 * and `runCli` agree), and the CLI start-up benchmark runs end to end against the real
 * server-everything and the pinned Inspector CLI. No timing is asserted: figures go to `npm run bench`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCli, formatTargetResult } from '../../bench/cli-bench.js';
import { CLI_BIN, everythingEntry, makeWorld, processesWithMarker, REPO_ROOT, writeOwnServers } from '../core/composition/test-world.js';
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

describe('the library entry', () => {
  it('mcp-switchboard/library (lib/index.mjs) runs the built bundle: loads a tool, calls it, leaves no process', async () => {
    const world = makeWorld();
    try {
      writeOwnServers(world, { everything: everythingEntry(world) });
      const script = [
        "const { discoverAndLoadMCPTools } = await import('mcp-switchboard/library');",
        `const loaded = await discoverAndLoadMCPTools({ projectDir: ${JSON.stringify(world.project)} });`,
        "const result = await loaded.call('mcp_everything_echo', { message: 'from the bundle' });",
        'await loaded.close();',
        'console.log(JSON.stringify({ errors: loaded.errors, text: result.text }));',
      ].join('\n');
      // Run from the repository so the package name resolves to itself (its "exports").
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { ...world.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const out = JSON.parse(stdout) as { errors: unknown[]; text: string };
      expect(out.errors).toEqual([]);
      expect(out.text).toContain('from the bundle');
      expect(processesWithMarker(world.marker)).toEqual([]);
    } finally {
      world.cleanup();
    }
  });
});

describe('CLI start-up benchmark (smoke)', () => {
  it('measures tools vs the Inspector CLI and --version vs bare node, with their targets', async () => {
    const results = await benchCli(1);
    expect(results.map((r) => [r.referenceName, r.target])).toEqual([
      ['inspector CLI', 0.3],
      ['bare node -e 0', 1.3],
    ]);
    for (const r of results) {
      expect(Number.isFinite(r.ratio) && r.ratio > 0).toBe(true);
      // Each row prints its floor where it has one and its spread (issue 32 item 1).
      expect(formatTargetResult(r)).toMatch(/ → ratio [\d.]+ \(target ≤ [\d.]+, (met|MISSED); fastest runs [\d.]+(; floor \d+ ms = ratio [\d.]+)?\) \[spread [\d.]+–[\d.]+ over \d+ [^\]]+\]$/);
    }
  }, 240_000);
});

describe('usage errors under --json', () => {
  it('are an error object on stdout, as every other failure is, with exit 64; without --json the text goes to stderr', async () => {
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void out.push(`ERR ${t}`) };
    expect(await runCli(['tools', '--json', '--bogus'], io)).toBe(64);
    expect(out).toHaveLength(1);
    const parsed = JSON.parse(out[0] ?? '') as { error: { code: string; message: string } };
    expect(parsed.error.code).toBe('BAD_REQUEST');
    expect(parsed.error.message).toMatch(/--bogus/);
    out.length = 0;
    expect(await runCli(['frobnicate', '--json'], io)).toBe(64);
    expect(JSON.parse(out[0] ?? '')).toEqual({ error: { code: 'BAD_REQUEST', message: 'Unknown command "frobnicate"' } });
    out.length = 0;
    expect(await runCli(['tools', '--bogus'], io)).toBe(64);
    expect(out[0]).toMatch(/^ERR switchboard: .*--bogus/);
    expect(out[1]).toBe('ERR Run "switchboard --help" for usage.');
  });
});
