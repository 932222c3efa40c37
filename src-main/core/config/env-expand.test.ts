import { describe, expect, it } from 'vitest';
import { expandPlaceholders, expandServerFields, type ExpansionSyntax, type ExpansionVars } from './env-expand.js';

const vars: ExpansionVars = {
  env: { HOME: '/home/u', TOKEN: 'abc', EMPTY: '', FALLBACK: 'fb' },
  home: '/home/u',
  workspaceFolder: '/work/proj',
  pathSeparator: '/',
};

describe('expandPlaceholders', () => {
  const table: [ExpansionSyntax, string, string, string[]][] = [
    // posix: ${VAR}, ${VAR:-default}
    ['posix', 'Bearer ${TOKEN}', 'Bearer abc', []],
    ['posix', '${HOME}/bin:${TOKEN}', '/home/u/bin:abc', []],
    ['posix', '${MISSING}', '${MISSING}', ['MISSING']],
    ['posix', 'a ${MISSING} b ${MISSING}', 'a ${MISSING} b ${MISSING}', ['MISSING']],
    ['posix', '${MISSING:-dflt}', 'dflt', []],
    ['posix', '${TOKEN:-dflt}', 'abc', []],
    ['posix', '${EMPTY:-dflt}', 'dflt', []],
    ['posix', '${EMPTY}', '', []],
    ['posix', '${MISSING:-${FALLBACK}}', 'fb', []],
    ['posix', '${MISSING:-${NOPE}}', '${NOPE}', ['NOPE']],
    ['posix', '$TOKEN stays', '$TOKEN stays', []],
    ['posix', 'a ${} b', 'a ${} b', []],
    ['vscode', 'a ${ } b', 'a ${ } b', []],
    ['posix', '${env:TOKEN}', '${env:TOKEN}', ['env:TOKEN']],
    ['posix', 'unterminated ${TOKEN', 'unterminated ${TOKEN', []],
    ['posix', 'no placeholders', 'no placeholders', []],
    // vscode (Cursor): ${env:VAR}, ${workspaceFolder}, ${userHome}
    ['vscode', '${env:TOKEN}', 'abc', []],
    ['vscode', '${env:MISSING}', '${env:MISSING}', ['MISSING']],
    ['vscode', '${workspaceFolder}/src', '/work/proj/src', []],
    ['vscode', '${workspaceFolderBasename}', 'proj', []],
    ['vscode', '${userHome}/.cfg', '/home/u/.cfg', []],
    ['vscode', 'a${/}b${pathSeparator}c', 'a/b/c', []],
    ['vscode', '${TOKEN}', '${TOKEN}', ['TOKEN']],
    ['vscode', '${input:apiKey}', '${input:apiKey}', ['input:apiKey']],
    // none (Claude Desktop)
    ['none', '${TOKEN} ${env:TOKEN}', '${TOKEN} ${env:TOKEN}', []],
  ];
  it.each(table)('%s: %s', (syntax, input, value, unresolved) => {
    expect(expandPlaceholders(input, syntax, vars)).toEqual({ value, unresolved });
  });

  it('looks names up case-insensitively only when asked (Windows)', () => {
    const win: ExpansionVars = { env: { Path: 'C:\\bin' }, caseInsensitiveEnv: true };
    expect(expandPlaceholders('${PATH}', 'posix', win).value).toBe('C:\\bin');
    expect(expandPlaceholders('${PATH}', 'posix', { env: { Path: 'C:\\bin' } })).toEqual({ value: '${PATH}', unresolved: ['PATH'] });
  });
});

describe('expandServerFields', () => {
  it('expands command, args, env values, url, headers values, cwd and auth, never keys', () => {
    const { server, unresolved } = expandServerFields(
      {
        command: '${HOME}/bin/srv',
        args: ['--token', '${TOKEN}', '${GONE}'],
        env: { '${TOKEN}': '${TOKEN}' },
        url: 'https://x/${TOKEN}',
        headers: { Authorization: 'Bearer ${TOKEN}', 'X-Other': '${ALSO_GONE}' },
        cwd: '${HOME}',
        auth: { type: 'bearer', token: '${TOKEN}' },
      },
      'posix',
      vars,
    );
    expect(server).toEqual({
      command: '/home/u/bin/srv',
      args: ['--token', 'abc', '${GONE}'],
      env: { '${TOKEN}': 'abc' },
      url: 'https://x/abc',
      headers: { Authorization: 'Bearer abc', 'X-Other': '${ALSO_GONE}' },
      cwd: '/home/u',
      auth: { type: 'bearer', token: 'abc' },
    });
    expect(unresolved).toEqual(['GONE', 'ALSO_GONE']);
  });

  it("expands a workload's file paths, not its variable names", () => {
    const workload = { clientId: 'bot', assertionFile: '${HOME}/.config/bot/token.jwt', privateKeyFile: '${HOME}/keys/bot.pem', privateKeyEnv: undefined };
    expect(expandServerFields({ auth: { type: 'oauth', workload } }, 'posix', vars).server.auth).toEqual({
      type: 'oauth',
      workload: { clientId: 'bot', assertionFile: '/home/u/.config/bot/token.jwt', privateKeyFile: '/home/u/keys/bot.pem', privateKeyEnv: undefined },
    });
    const byEnv = { clientId: 'bot', assertionEnv: 'TOKEN' };
    expect(expandServerFields({ auth: { type: 'oauth', workload: byEnv } }, 'posix', vars).server.auth).toEqual({ type: 'oauth', workload: byEnv });
  });

  it('leaves everything alone for syntax none', () => {
    const input = { command: '${TOKEN}', args: ['${TOKEN}'] };
    expect(expandServerFields(input, 'none', vars)).toEqual({ server: input, unresolved: [] });
  });
});
