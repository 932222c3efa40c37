/**
 * Which resolved values a definition's redaction holds (connection-auth.ts `secretsToRemember`,
 * docs/security.md "Held values"). Failing input (the unreproduced `[redacted]` in status, issue 14
 * trial): `WORK_DIR: ${SWITCHBOARD_HOME}` held the data folder's path, so `status --json` showed the
 * servers.json location as `[redacted]/servers.json` and every argument or URL holding it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secretsToRemember } from './connection-auth.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('secretsToRemember', () => {
  it('holds values from the environment, secret keys, keychain references and commands; not an existing folder from the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-held-'));
    dirs.push(dir);
    const raw = {
      env: { WORK_DIR: dir, LOGS: `${dir}/logs-not-there`, MODE: 'production-mode', GITHUB_TOKEN: 'ghp_abcdefghijkl', PLAIN: 'visible-value', FROM_CMD: '!op read x' },
      headers: { 'X-Key': 'k1-from-env-1234', 'X-Ref': '${secret:api}' },
      expanded: ['env.WORK_DIR', 'env.LOGS', 'env.MODE', 'headers.X-Key'],
    };
    const resolved = { ...raw, env: { ...raw.env, FROM_CMD: 'cmd-output-secret' }, headers: { ...raw.headers, 'X-Ref': 'from-the-keychain' } };
    const held = secretsToRemember(raw, resolved);
    // A place that exists is not a credential; a path that does not exist may be anything, so it stays held.
    expect(held).not.toContain(dir);
    expect(held).not.toContain('visible-value');
    expect(held).toEqual(expect.arrayContaining([`${dir}/logs-not-there`, 'production-mode', 'ghp_abcdefghijkl', 'k1-from-env-1234', 'from-the-keychain', 'cmd-output-secret']));
  });

  it('an existing path under a secret key is still held (the key decides)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-held-'));
    dirs.push(dir);
    const def = { env: { API_TOKEN: dir }, expanded: ['env.API_TOKEN'] };
    expect(secretsToRemember(def, def)).toContain(dir);
  });
});
