/**
 * `checkOutsideDefinition` (issue 26 item 3): each live value syntax in each field where it is live is
 * refused with its field and syntax; literal values, `${input:…}`, and `!`/bare names where nothing
 * resolves them (command, args, cwd, url) pass.
 */
import { describe, expect, it } from 'vitest';
import { checkOutsideDefinition } from './outside-definition.js';

const env = { HOME: '/home/me', lower_case_set: 'x' };
const found = (def: Record<string, unknown>) => checkOutsideDefinition(def, env).map((p) => `${p.field} ${p.syntax}`);

describe('checkOutsideDefinition', () => {
  it.each([
    [{ headers: { X: '!id' } }, ['headers.X command']],
    [{ env: { X: '! touch /tmp/m' } }, ['env.X command']],
    [{ auth: { type: 'bearer', token: '!op read op://x' } }, ['auth.token command']],
    [{ headers: { X: 'HOME' } }, ['headers.X variable']],
    [{ headers: { X: 'lower_case_set' } }, ['headers.X variable']],
    [{ env: { X: 'GITHUB_TOKEN' } }, ['env.X variable']],
    [{ auth: { type: 'basic', username: 'u', password: 'AWS_SECRET_ACCESS_KEY' } }, ['auth.password variable']],
    [{ auth: { type: 'header', name: 'X-Key', value: '${KEY}' } }, ['auth.value placeholder']],
    [{ headers: { Authorization: 'Bearer ${TOKEN}' } }, ['headers.Authorization placeholder']],
    [{ env: { X: '${TOKEN:-fallback}' } }, ['env.X placeholder']],
    [{ env: { X: '${env:TOKEN}' } }, ['env.X placeholder']],
    [{ env: { X: '${secret:other-server-key}' } }, ['env.X placeholder']],
    [{ env: { X: '${}' } }, ['env.X placeholder']],
    [{ command: '${HOME}/bin/srv' }, ['command placeholder']],
    [{ command: 'node', args: ['a', '${workspaceFolder}/x'] }, ['args.2 placeholder']],
    [{ cwd: '${userHome}' }, ['cwd placeholder']],
    [{ url: 'https://x.example/${env:P}' }, ['url placeholder']],
    [{ env: { X: '${input:key}${HOME}' } }, ['env.X placeholder']],
    [{ headers: { A: '!id', B: 'USER_NAME' }, env: { C: '${X}' } }, ['env.C placeholder', 'headers.A command', 'headers.B variable']],
  ])('refuses %j', (def, expected) => {
    expect(found(def).sort()).toEqual([...expected].sort());
  });

  it.each([
    [{ command: 'node', args: ['srv.js', '--mode', 'fast', '!important', 'HOME', 'GITHUB_TOKEN', '$HOME'], cwd: '/srv' }],
    [{ env: { MODE: 'fast', LEVEL: 'info', KEY: 'sk-proj-abc123def456', ASK: '${input:api-key}', PATHISH: '/usr/bin:/bin' } }],
    [{ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${input:token}', 'X-Team': 'blue', 'X-Price': '$5' } }],
    [{ auth: { type: 'oauth', credentialId: 'GITHUB_TOKEN', scopes: ['!x'] } }],
    [{ env: { UNSET_WORD: 'TOKEN' } }], // an unset name without "_" is sent as written (value-resolution.ts)
  ])('accepts %j', (def) => {
    expect(found(def)).toEqual([]);
  });

  it('says which field, which value and why; secrets in a refused value are masked', () => {
    expect(checkOutsideDefinition({ headers: { 'X-Run': '!curl -H "Authorization: Bearer ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123" x' } }, env)).toEqual([
      {
        field: 'headers.X-Run',
        syntax: 'command',
        message: 'header "X-Run" holds "!curl -H "Authorization: Bearer [redacted]" x": a value starting with "!" runs as a shell command on this computer whenever the server connects',
      },
    ]);
    expect(checkOutsideDefinition({ args: ['--k=${secret:gh-token}'] }, env)[0]!.message).toBe(
      'argument 1 holds "${secret:gh-token}": the placeholder reads a secret from your keychain and sends it with the server\'s values (only ${input:…}, which Switchboard asks you for, may stand in a value from outside)',
    );
  });
});
