/**
 * `npm start` stops what it started: a SIGTERM to the npm process (a service manager, `kill <npm
 * pid>`) reaches the `switchboard serve` it runs, whose own handler closes the servers (serve.ts).
 * npm forwards SIGINT/SIGTERM only to its direct child, the `sh -c '<script>'`; unless that shell
 * `exec`s the script and scripts/start.sh `exec`s serve, the signal ends the shell and leaves serve
 * running under init. Real npm, with package.json's real `start` script; scripts/start.sh itself is
 * replaced by a stand-in for serve (the real one installs and builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.pid !== undefined) try { process.kill(-p.pid, 'SIGKILL'); } catch { /* gone */ }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A stand-in for `switchboard serve`: says its pid, and on SIGTERM writes `TERM` to `got` and exits. */
const STAND_IN = `process.on('SIGTERM', () => { require('fs').writeFileSync(process.env.GOT, 'TERM'); process.exit(0); }); console.log('ready ' + process.pid); setInterval(() => {}, 1000);`;

async function until(ok: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (ok()) return true;
  return ok();
}

it('a SIGTERM to npm start reaches the serve it launched', async () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // scripts/start.sh hands its process over to serve (the last command of web mode).
  expect(readFileSync(join(REPO_ROOT, 'scripts', 'start.sh'), 'utf8')).toMatch(/\nexec node bin\/switchboard\.mjs serve [^\n]*\n$/);
  const dir = mkdtempSync(join(tmpdir(), 'sb-start-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { start: pkg.scripts.start } }));
  writeFileSync(join(dir, 'scripts', 'start.sh'), `exec node -e ${JSON.stringify(STAND_IN)}\n`);
  const got = join(dir, 'got');
  const npm = spawn('npm', ['start'], { cwd: dir, detached: true, env: { ...process.env, GOT: got }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(npm);
  let out = '';
  npm.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  expect(await until(() => /ready \d+/.test(out))).toBe(true);
  const servePid = Number(/ready (\d+)/.exec(out)?.[1]);
  npm.kill('SIGTERM');
  const gotTerm = await until(() => {
    try {
      return readFileSync(got, 'utf8') === 'TERM';
    } catch {
      return false;
    }
  }, 10_000);
  const isAlive = (): boolean => {
    try {
      process.kill(servePid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // It wrote TERM just before exiting: give the exit (and its parent's reaping) a moment on a busy
  // machine — a read right after the file appeared saw it still alive once (ci38, load from other work).
  const alive = !(await until(() => !isAlive(), 10_000));
  expect({ gotTerm, alive }).toEqual({ gotTerm: true, alive: false });
});
