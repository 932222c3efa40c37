/**
 * The system packages `npm start` and `npm test` set up (issue 27 item 8): scripts/system-packages.sh
 * run for real by bash, with the package manager stubbed — a fake `apt-get`, `sudo`, `dnf` and `id`
 * on a PATH that has no pkg-config, python3, make or g++ — checking what it would install and say.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const SCRIPT = join(REPO_ROOT, 'scripts', 'system-packages.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Machine {
  /** uid the fake `id -u` reports */
  uid: number;
  /** package manager stubs to put on PATH */
  managers: ('apt-get' | 'dnf')[];
  /** a fake sudo that allows `sudo -n` */
  sudo: boolean;
}

/** Runs `ensure_system_packages start <needs…>` on a PATH of stubs only; returns exit, stderr, recorded calls. */
function run(machine: Machine, ...needs: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sb-syspkg-'));
  dirs.push(dir);
  const log = join(dir, 'calls.log');
  const stub = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/bash\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  symlinkSync('/usr/bin/uname', join(dir, 'uname'));
  stub('id', `[ "$1" = -u ] && echo ${machine.uid}`);
  for (const pm of machine.managers) stub(pm, `echo "${pm} $*" >> '${log}'`);
  if (machine.sudo) stub('sudo', `echo "sudo $*" >> '${log}'; [ "$1" = -n ] && shift; "$@"`);
  const res = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', `set -euo pipefail; . '${SCRIPT}'; ensure_system_packages start ${needs.join(' ')}`], {
    env: { PATH: dir },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { status: res.status, stderr: res.stderr, calls };
}

describe('scripts/system-packages.sh (issue 27 item 8)', () => {
  it('as root on Debian: installs the build tools and libsecret-1-dev, and says so', () => {
    const r = run({ uid: 0, managers: ['apt-get'], sudo: false }, 'build');
    expect(r.calls).toEqual(['apt-get update -q', 'apt-get install -y -q python3 make g++ pkg-config libsecret-1-dev']);
    expect(r.stderr).toBe(
      '[start] missing on this machine: python3 make g++ pkg-config libsecret\n' + '[start] installing system packages: python3 make g++ pkg-config libsecret-1-dev (apt-get)\n',
    );
    expect(r.status).toBe(0);
  });

  it('with password-less sudo: installs through sudo -n; the test set adds Chromium, D-Bus and gnome-keyring only where missing', () => {
    const r = run({ uid: 1000, managers: ['apt-get'], sudo: true }, 'build');
    expect(r.calls).toEqual([
      'sudo -n true',
      'sudo -n apt-get update -q',
      'apt-get update -q',
      'sudo -n apt-get install -y -q python3 make g++ pkg-config libsecret-1-dev',
      'apt-get install -y -q python3 make g++ pkg-config libsecret-1-dev',
    ]);
    expect(r.status).toBe(0);
    const t = run({ uid: 1000, managers: ['apt-get'], sudo: true }, 'build', 'test');
    const wanted = ['python3', 'make', 'g++', 'pkg-config', 'libsecret-1-dev', ...(existsSync('/usr/bin/chromium') ? [] : ['chromium']), 'dbus', 'dbus-x11', 'gnome-keyring'];
    expect(t.calls.at(-1)).toBe(`apt-get install -y -q ${wanted.join(' ')}`);
  });

  it('without root or sudo: installs nothing, prints the command and fails', () => {
    const r = run({ uid: 1000, managers: ['apt-get'], sudo: false }, 'build');
    expect(r.calls).toEqual([]);
    expect(r.stderr).toBe(
      '[start] missing on this machine: python3 make g++ pkg-config libsecret\n' +
        '[start] install them once (needs root), then run this again:\n' +
        '[start]   sudo apt-get update && sudo apt-get install -y python3 make g++ pkg-config libsecret-1-dev\n',
    );
    expect(r.status).toBe(1);
  });

  it('on Fedora: names the dnf packages and installs nothing', () => {
    const r = run({ uid: 0, managers: ['dnf'], sudo: true }, 'build');
    expect(r.calls).toEqual([]);
    expect(r.stderr).toBe(
      '[start] missing on this machine: python3 make g++ pkg-config libsecret\n' +
        '[start] install them with your package manager, then run this again:\n' +
        '[start]   sudo dnf install -y python3 make gcc-c++ pkgconf-pkg-config libsecret-devel\n',
    );
    expect(r.status).toBe(1);
  });

  it('nothing missing: says nothing and calls nothing', () => {
    // This machine has the build tools and libsecret (npm ci compiled keytar): the real PATH, stubs first.
    const dir = mkdtempSync(join(tmpdir(), 'sb-syspkg-'));
    dirs.push(dir);
    const log = join(dir, 'calls.log');
    writeFileSync(join(dir, 'apt-get'), `#!/bin/bash\necho "apt-get $*" >> '${log}'\n`);
    chmodSync(join(dir, 'apt-get'), 0o755);
    const res = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', `set -euo pipefail; . '${SCRIPT}'; ensure_system_packages start build`], { env: { PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(existsSync(log)).toBe(false);
    expect(res.status).toBe(0);
  });
});

describe('the Node version check first in npm start and npm test (scripts/node-version.sh)', () => {
  /** A folder holding a fake `node` that prints `version`. */
  const fakeNode = (version: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-node-version-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'node'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
    return dir;
  };
  /** `bash <script>` with that fake `node` first on PATH. */
  const runWith = (version: string, script: string) => {
    const dir = fakeNode(version);
    const res = spawnSync('/bin/bash', [join(REPO_ROOT, 'scripts', script)], { env: { PATH: `${dir}:/usr/bin:/bin` }, encoding: 'utf8', timeout: 30_000 });
    return [res.status, res.stdout, res.stderr];
  };
  const tooOld = (tag: string, version: string) =>
    `[${tag}] Node ${version} is too old or unsupported: this project needs Node 20.19 or later (20.x), or 22.12 or later (package.json engines; Vite 8 requires it), then run again\n`;

  it("Debian 12's Node 18.19 stops both before anything else, in one line; package.json engines says the same range", () => {
    expect(runWith('v18.19.0', 'start.sh')).toEqual([1, '', tooOld('start', 'v18.19.0')]);
    expect(runWith('v18.19.0', 'test.sh')).toEqual([1, '', tooOld('test', 'v18.19.0')]);
    expect(runWith('v21.7.3', 'start.sh')).toEqual([1, '', tooOld('start', 'v21.7.3')]);
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('^20.19.0 || >=22.12.0');
  });

  it('accepts 20.19+, 22.12+ and later majors', () => {
    const check = (version: string) =>
      spawnSync('/bin/bash', ['-c', `. '${join(REPO_ROOT, 'scripts', 'node-version.sh')}'; ensure_node_version start`], { env: { PATH: fakeNode(version) }, encoding: 'utf8' }).status;
    expect(['v20.19.0', 'v20.20.2', 'v22.12.0', 'v24.1.0', 'v20.18.3', 'v22.11.0'].map(check)).toEqual([0, 0, 0, 0, 1, 1]);
  });
});
