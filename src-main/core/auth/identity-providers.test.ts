/** identity-providers.json read by hand-edit rules (identity-providers.ts `list`): a bad entry is skipped, said, and kept. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../composition/test-world.js';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import { dataFileProblems } from '../data/data-file-problems.js';
import { IDP_FILE, IdentityProviders } from './identity-providers.js';

const world = makeWorld();
afterAll(() => world.cleanup());

describe('IdentityProviders.list', () => {
  it('skips an entry that is not {issuer, clientId} with a warning on the file, and set keeps it in the file', async () => {
    const dir = world.dataDir;
    const file = join(dir, IDP_FILE);
    writeFileSync(file, JSON.stringify({ version: 1, providers: { corp: 'https://login.corp.example', ok: { issuer: 'https://idp.example', clientId: 'sb' } } }), { mode: 0o600 });
    const idps = new IdentityProviders(dir, memorySecretStore());
    expect(idps.list()).toEqual({ ok: { issuer: 'https://idp.example', clientId: 'sb' } });
    expect(dataFileProblems(dir)).toEqual([
      {
        file,
        code: 'damaged-lines',
        kind: 'data-file',
        severity: 'error',
        message: 'identity-providers.json: the identity provider "corp" (the entry: Invalid input: expected object, received string) skipped — each needs {"issuer": <url>, "clientId": <id>}; fix the file or set it again with switchboard idp add <name> --issuer <url> --client-id <id>',
      },
    ]);
    await idps.set('new', { issuer: 'https://new.example', clientId: 'sb' });
    expect(JSON.parse(readFileSync(file, 'utf8')).providers.corp).toBe('https://login.corp.example');
    await idps.set('corp', { issuer: 'https://login.corp.example', clientId: 'sb' });
    expect(Object.keys(idps.list()).sort()).toEqual(['corp', 'new', 'ok']);
    expect(dataFileProblems(dir)).toEqual([]);
  });
});
