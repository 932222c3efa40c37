/**
 * `switchboard` (bin/switchboard.mjs) never runs a stale or missing build (issue 11). A copy of bin/
 * in a throwaway checkout, with a stand-in bundle whose `runCli` leaves a mark when it runs, so the
 * test sees whether anything of the bundle ran.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

let root: string;
const past = new Date(Date.now() - 120_000);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'switchboard-bin-stale-'));
  cpSync(join(REPO_ROOT, 'bin'), join(root, 'bin'), { recursive: true });
  mkdirSync(join(root, 'src-main'));
  writeFileSync(join(root, 'src-main', 'a.ts'), 'x');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'stand-in', version: '9.9.9', type: 'module' }));
  for (const f of ['src-main/a.ts', 'package.json']) utimesSync(join(root, f), past, past);
  const cjs = join(root, 'out', 'cli', 'cjs');
  mkdirSync(cjs, { recursive: true });
  // The stand-in bundle: running it writes `ran` and exits 0; loading it does nothing.
  writeFileSync(
    join(cjs, 'cli.cjs'),
    `exports.runCli = async (argv) => { require('node:fs').writeFileSync(${JSON.stringify(join(root, 'ran'))}, argv.join(' ')); return 0; };\n`,
  );
  writeFileSync(join(root, 'out', 'cli', 'build-info.json'), JSON.stringify({ startedAtMs: Date.now() - 60_000, inputs: ['src-main/a.ts'] }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function run(): { status: number | null; stderr: string; ran: string | undefined } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'switchboard.mjs'), 'tools', 'x'], { cwd: root, encoding: 'utf8' });
  const mark = join(root, 'ran');
  return { status: r.status, stderr: r.stderr, ran: existsSync(mark) ? readFileSync(mark, 'utf8') : undefined };
}

describe('bin/switchboard.mjs and the build it runs', () => {
  it('runs a current build with the arguments it was given', () => {
    expect(run()).toEqual({ status: 0, stderr: '', ran: 'tools x' });
  });

  it('refuses a build older than a source file, with how to build, and runs nothing of it (exit 2)', () => {
    utimesSync(join(root, 'src-main', 'a.ts'), new Date(), new Date());
    const r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'switchboard: The built switchboard CLI is out of date: src-main/a.ts changed after it was built.\nBuild it with: npm run build:cli   (npm start, npm test and npm link build it too)\n',
    );
    expect(r.ran).toBeUndefined();
  });

  it('says the CLI is not built when out/cli is gone, not the loader error of the missing file (exit 2)', () => {
    rmSync(join(root, 'out'), { recursive: true });
    const r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^switchboard: The switchboard CLI is not built \(out\/cli is missing or incomplete\)\.\nBuild it with: npm run build:cli/);
    expect(r.stderr).not.toMatch(/MODULE_NOT_FOUND|Cannot find module/);
  });
});
