import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeLoginEnv, parseMarkedEnv, readLoginShellEnv } from './login-shell-env.js';

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

  it('a shell that fails gives undefined (the process environment stays)', async () => {
    expect(await readLoginShellEnv({ env: { SHELL: '/nonexistent/shell' } })).toBeUndefined();
    expect(await readLoginShellEnv({ env: {}, platform: 'linux' })).toBeUndefined();
    expect(await readLoginShellEnv({ env: { SHELL: '/bin/sh' }, platform: 'win32' })).toBeUndefined();
  });

  it('parses only the marked JSON and merges PATH login-first without duplicates', () => {
    expect(parseMarkedEnv('noise')).toBeUndefined();
    expect(mergeLoginEnv({ PATH: '/a:/b', X: '1' }, { PATH: '/c:/a', X: '2', Y: '3' })).toEqual({ PATH: '/c:/a:/b', X: '1', Y: '3' });
  });
});
