import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeLoginEnv, parseMarkedEnv, parseMarkedNulEnv, readLoginShellEnv, withLoginShellEnv } from './login-shell-env.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('login-shell environment (docs/connections-supervision.md)', () => {
  it.skipIf(process.platform === 'win32')('(POSIX only: needs bash as a login shell) reads PATH from a real bash login shell whose profile prints a banner', async () => {
    const home = mkdtempSync(join(tmpdir(), 'sb-login-'));
    dirs.push(home);
    writeFileSync(join(home, '.bash_profile'), 'echo "Welcome banner"\nexport PATH="$HOME/.shims:$PATH"\nexport FROM_PROFILE=yes\n');
    // A bare launcher environment: no profile PATH entries.
    const env = { SHELL: '/bin/bash', HOME: home, PATH: '/usr/bin:/bin' };
    const login = await readLoginShellEnv({ env });
    expect(login?.FROM_PROFILE).toBe('yes');
    expect(login?.PATH?.split(':')[0]).toBe(join(home, '.shims'));
    const merged = mergeLoginEnv(env, login);
    expect(merged.PATH!.split(':')).toEqual(expect.arrayContaining([join(home, '.shims'), '/usr/bin', '/bin']));
    expect(merged.HOME).toBe(home);
  });

  it.skipIf(process.platform !== 'linux')('(Linux only: reads /proc) runs the shell in a session of its own, so an interactive shell cannot take the terminal', async () => {
    // The failing input: with execFile's ignored `detached`, `bash -l -i` shared the CLI's session and
    // left the terminal's foreground group pointing at itself — Ctrl-C on `call` and `trust --review` died.
    const dir = mkdtempSync(join(tmpdir(), 'sb-login-'));
    dirs.push(dir);
    const shell = join(dir, 'fake-shell');
    const out = join(dir, 'sid');
    writeFileSync(shell, `#!/bin/sh\nawk '{print $6}' /proc/$$/stat > '${out}'\nshift 3\nexec /bin/sh -c "$1"\n`);
    chmodSync(shell, 0o755);
    const login = await readLoginShellEnv({ env: { SHELL: shell, PATH: '/usr/bin:/bin', MARK_ME: 'yes' } });
    expect(login?.MARK_ME).toBe('yes');
    const ourSession = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[3];
    const shellSession = readFileSync(out, 'utf8').trim();
    expect(shellSession).toMatch(/^\d+$/);
    expect(shellSession).not.toBe(ourSession);
  });

  /** A stand-in login shell: drops `-l -i -c` and runs the command with /bin/sh; `extra` runs first. */
  function fakeShell(dir: string, extra = ''): string {
    const shell = join(dir, 'fake-shell');
    writeFileSync(shell, `#!/bin/sh\n${extra}shift 3\nexec /bin/sh -c "$1"\n`);
    chmodSync(shell, 0o755);
    return shell;
  }

  it.skipIf(process.platform === 'win32')('(POSIX only) reads the environment with `env -0`, no second Node start; values keep their newlines', async () => {
    // Issue 32 item 1: the one-shot CLI waits on this read. A Node that cannot start proves none is asked.
    const dir = mkdtempSync(join(tmpdir(), 'sb-login-'));
    dirs.push(dir);
    const login = await readLoginShellEnv({ env: { SHELL: fakeShell(dir), PATH: '/usr/bin:/bin', TWO_LINES: 'a\nb' }, nodePath: join(dir, 'no-node') });
    expect(login?.TWO_LINES).toBe('a\nb');
    expect(login?.PATH).toBe('/usr/bin:/bin');
    expect(login?.ELECTRON_RUN_AS_NODE).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')('(POSIX only) asks again with Node where `env` has no -0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-login-'));
    dirs.push(dir);
    // An `env` that refuses -0, first on the PATH (as a BSD or busybox env might).
    writeFileSync(join(dir, 'env'), '#!/bin/sh\necho "env: illegal option -- 0" >&2\nexit 1\n');
    chmodSync(join(dir, 'env'), 0o755);
    const login = await readLoginShellEnv({ env: { SHELL: fakeShell(dir), PATH: `${dir}:/usr/bin:/bin`, FROM_NODE: 'yes' } });
    expect(login?.FROM_NODE).toBe('yes');
    expect(login?.ELECTRON_RUN_AS_NODE).toBeUndefined();
  });

  it('a shell that fails gives undefined (the process environment stays)', async () => {
    expect(await readLoginShellEnv({ env: { SHELL: '/nonexistent/shell' } })).toBeUndefined();
    expect(await readLoginShellEnv({ env: {}, platform: 'linux' })).toBeUndefined();
    expect(await readLoginShellEnv({ env: { SHELL: '/bin/sh' }, platform: 'win32' })).toBeUndefined();
  });

  it("the core's environment under `npm start` has no npm PATH entries (npm-script-path.ts)", async () => {
    const env = await withLoginShellEnv({ SHELL: '/nonexistent/shell', PATH: '/sb/node_modules/.bin:/node_modules/.bin:/usr/bin', npm_lifecycle_event: 'start' });
    expect(env.PATH).toBe('/usr/bin');
  });

  it('parses only the marked JSON and merges PATH login-first without duplicates', () => {
    expect(parseMarkedEnv('noise')).toBeUndefined();
    expect(parseMarkedNulEnv('noise')).toBeUndefined();
    const mark = '__SWITCHBOARD_ENV_7f3a__';
    expect(parseMarkedNulEnv(`banner\n${mark}A=1\0B=x=y\nz\0${mark}`)).toEqual({ A: '1', B: 'x=y\nz' });
    expect(mergeLoginEnv({ PATH: '/a:/b', X: '1' }, { PATH: '/c:/a', X: '2', Y: '3' })).toEqual({ PATH: '/c:/a:/b', X: '1', Y: '3' });
  });
});
