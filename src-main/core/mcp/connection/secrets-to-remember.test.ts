/**
 * Which resolved values a definition's redaction holds (connection-auth.ts `secretsToRemember`,
 * docs/security.md "Redaction"): the values the configuration itself supplied — secret keys,
 * keychain and secret references, `!command` output, credential-looking literals whatever their key.
 * Failing input (issue 26 item 2): `DATA_ROOT: ${DATA_ROOT:-/opt/data}` was held, so a tool result
 * naming `/opt/data/x.md` came back `[redacted]/x.md` in `call`, `--json` and the library; and before
 * that (issue 14 trial) `WORK_DIR: ${SWITCHBOARD_HOME}` put `[redacted]/servers.json` in status.
 */
import { describe, expect, it } from 'vitest';
import { secretsToRemember } from './connection-auth.js';

const GHP = 'ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAa';
const ENTROPY = 'Qm4xT9vB2nR7kW1pL8sD3fH6jZ0cV5gY';

describe('secretsToRemember', () => {
  it('holds secret keys, references, command output and credential-looking values; not what an ordinary ${VAR} filled in', () => {
    const raw = {
      env: {
        DATA_ROOT: '/opt/data', // expanded from ${DATA_ROOT:-/opt/data} at discovery
        MODE: 'production-mode', // from ${MODE}
        UPSTREAM: 'https://api.example.com/v1', // from ${UPSTREAM}
        FROM_NAME: 'SB_SOME_VAR', // an env NAME, resolved below
        MY_CONFIG: GHP, // a literal credential under a name that does not look secret
        MY_SETTING: ENTROPY,
        GITHUB_TOKEN: 'short-but-secret-key',
        FROM_CMD: '!op read x',
      },
      headers: { 'X-Ref': '${secret:api}', 'X-Asked': '${input:pw}', 'X-Region': 'eu-west-1-region' },
      expanded: ['env.DATA_ROOT', 'env.MODE', 'env.UPSTREAM'],
    };
    const resolved = {
      env: { ...raw.env, FROM_NAME: 'an-ordinary-value', FROM_CMD: 'cmd-output-secret' },
      headers: { 'X-Ref': 'from-the-keychain', 'X-Asked': 'typed-by-the-person', 'X-Region': 'eu-west-1-region' },
    };
    const held = secretsToRemember(raw, resolved);
    expect(held.sort()).toEqual([ENTROPY, GHP, 'cmd-output-secret', 'from-the-keychain', 'short-but-secret-key', 'typed-by-the-person'].sort());
  });

  it('holds a value read from a secret-NAMED variable under an innocent key (attack 8 F13): an env NAME, a marked ${VAR}', () => {
    const raw = { env: { CFG: 'DB_PASSWORD', CFG2: 'CorrectHorse99', CFG3: 'SOME_SETTING', PLAIN: 'ordinary-value' }, expanded: ['env.CFG2', 'env.PLAIN'], secretSourced: ['env.CFG2'] };
    const resolved = { env: { ...raw.env, CFG: 'Hunter2Hunter2', CFG3: 'an-ordinary-value' } };
    expect(secretsToRemember(raw, resolved).sort()).toEqual(['CorrectHorse99', 'Hunter2Hunter2']);
  });

  it('a location under a secret key or from a !command is not held (attack 8 F8); a credential from ${VAR} under any key is', () => {
    const def = { env: { API_TOKEN: '/opt/data/token-file', ANYTHING: GHP }, expanded: ['env.API_TOKEN', 'env.ANYTHING'] };
    expect(secretsToRemember(def, def)).toEqual([GHP]);
    const raw = {
      env: { GOOGLE_APPLICATION_CREDENTIALS: '/opt/data/service-account.json', DB_PASSWORD: 'localhost', PREFIX: '!echo /usr/local/opt', DB_PASS2: 'Hunter2Hunter2', KEY_DIR_TOKEN: `/keys/${ENTROPY}/a.json`, FROM_KC: '${secret:kc}' },
    };
    const resolved = { env: { ...raw.env, PREFIX: '/usr/local/opt', FROM_KC: '/from/the/keychain' } };
    expect(secretsToRemember(raw, resolved).sort()).toEqual([`/keys/${ENTROPY}/a.json`, '/from/the/keychain'].sort());
  });
});
