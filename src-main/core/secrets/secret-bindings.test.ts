import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { testDefinition } from '../mcp/testing/test-helpers.js';
import { memorySecretStore } from './memory-secret-store.js';
import { migrateSecretBindings, SecretBindings } from './secret-bindings.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-bindings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const own = (fields: Partial<ServerDefinition> & Pick<ServerDefinition, 'name' | 'transport'>): ServerDefinition =>
  testDefinition({ ...fields, source: { host: 'switchboard', file: join('/d', 'servers.json'), scope: 'app' } });

const definitions = (): ServerDefinition[] => [
  // Listed first, so only the id decides that "gh" owns gh-token.
  own({ name: 'gh-mirror', transport: 'http', url: 'https://mirror.example/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}' } }),
  own({ name: 'gh', transport: 'http', url: 'https://api.github.com/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}' } }),
  own({ name: 'db', transport: 'stdio', command: 'node', env: { DB_PASSWORD: '${secret:db-password}' } }),
  testDefinition({ name: 'db', transport: 'stdio', command: 'node', env: { X: '${secret:db-password}', Y: '${input:k}' }, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } }),
  testDefinition({ name: 'v', transport: 'stdio', command: 'node', env: { Y: '${input:k}' }, source: { host: 'vscode', file: '/h/.vscode/mcp.json', scope: 'user' } }),
];

describe('first-start migration of secret bindings (issue 26 item 1)', () => {
  it('binds each stored secret to the servers.json definition that references it; a shared one to the server its id names, the others listed once', async () => {
    const bindings = new SecretBindings(dir);
    const keychain = memorySecretStore();
    for (const a of ['secret:gh-token', 'secret:db-password', 'secret:orphan', 'input:k', 'oauth:https://x']) await keychain.set(a, 'value-never-written');
    const out = await migrateSecretBindings(bindings, definitions(), keychain);
    expect(out).toEqual({ ran: true, bound: ['secret:gh-token', 'secret:db-password', 'input:k'], shared: ['secret:gh-token'] });
    const file = JSON.parse(readFileSync(bindings.file, 'utf8'));
    expect(file).toEqual({
      version: 1,
      migrated: true,
      bindings: {
        'secret:gh-token': { holders: [{ server: 'gh', file: '/d/servers.json', origin: 'https://api.github.com' }] },
        'secret:db-password': { holders: [{ server: 'db', file: '/d/servers.json' }] },
        // Only the file whose syntax declares inputs (VS Code), not Cursor's.
        'input:k': { holders: [{ file: '/h/.vscode/mcp.json' }] },
      },
      shared: { 'secret:gh-token': [{ server: 'gh-mirror', file: '/d/servers.json' }] },
    });
    expect(readFileSync(bindings.file, 'utf8')).not.toContain('value-never-written');
    expect(bindings.warnings()).toEqual([
      {
        file: '/d/servers.json',
        server: 'gh-mirror',
        ...warningCode('secret-shared'),
        message:
          '${secret:gh-token} is bound to server "gh" (/d/servers.json for https://api.github.com); "gh-mirror" also references it and will not get it (give each its own secret with switchboard add … --token, or edit the server in Switchboard)',
      },
    ]);
  });

  it('is idempotent: a second start changes nothing, and bindings made since are kept', async () => {
    const bindings = new SecretBindings(dir);
    const keychain = memorySecretStore();
    await keychain.set('secret:gh-token', 'v');
    await migrateSecretBindings(bindings, definitions(), keychain);
    await bindings.bind(['secret:new'], { server: 'n', file: '/d/servers.json' }, 'replace');
    const before = readFileSync(bindings.file, 'utf8');
    await keychain.set('secret:db-password', 'v');
    expect(await migrateSecretBindings(bindings, definitions(), keychain)).toEqual({ ran: false, bound: [], shared: [] });
    expect(readFileSync(bindings.file, 'utf8')).toBe(before);
  });

  it('writes nothing while the keychain holds no secret reference (a fresh data folder stays as it was)', async () => {
    const bindings = new SecretBindings(dir);
    const keychain = memorySecretStore();
    await keychain.set('oauth:https://x', 'v');
    expect(await migrateSecretBindings(bindings, definitions(), keychain)).toEqual({ ran: false, bound: [], shared: [] });
    expect(existsSync(bindings.file)).toBe(false);
  });

  it('bind: replace gives the secret to one definition; add shares it; a damaged file loads its .prev, else nothing is bound', async () => {
    const bindings = new SecretBindings(dir);
    await bindings.bind(['secret:a'], { server: 'x', file: '/f' }, 'replace');
    await bindings.bind(['secret:a'], { server: 'y', file: '/f' }, 'add');
    await bindings.bind(['secret:a'], { server: 'y', file: '/f' }, 'add');
    expect(bindings.holdersOf('secret:a')).toEqual([{ server: 'x', file: '/f' }, { server: 'y', file: '/f' }]);
    await bindings.bind(['secret:a'], { server: 'z', file: '/f' }, 'replace');
    expect(bindings.holdersOf('secret:a')).toEqual([{ server: 'z', file: '/f' }]);
    // The data-file rule (docs/security.md "Data files"): a damaged file is set aside and the version
    // before the last write (`.prev`) loaded — here the bindings before the last replace.
    writeFileSync(bindings.file, '{not json');
    expect(bindings.holdersOf('secret:a')).toEqual([{ server: 'x', file: '/f' }, { server: 'y', file: '/f' }]);
    expect(readdirSync(dir).some((f) => f.startsWith('secret-bindings.json.bad-'))).toBe(true);
    // Nothing to recover from: nothing is bound (every reference refused), never a guess.
    writeFileSync(bindings.file, '{not json');
    writeFileSync(`${bindings.file}.prev`, '{not json either');
    expect(bindings.holdersOf('secret:a')).toEqual([]);
  });
});
