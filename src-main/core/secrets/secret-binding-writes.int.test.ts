/**
 * Attack pass 8, F4: adding a server never overwrites or takes over another server's keychain
 * secret. A refused add (the name exists) changes no keychain entry; a name that folds to the same
 * id (`OWNER` vs `owner`) gets a fresh id and leaves the owner's secret and binding alone; a VS
 * Code literal never lands on an answered input's id. F1: removing a definition drops its holder
 * records, so a later definition that takes the name gets nothing. Real keychain, the core's handlers.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestCore } from '../auth/test-core.js';
import { makeWorld, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { KeytarSecretStore } from './secret-store.js';

const service = `mcp-switchboard-test-${randomUUID()}`;
const OWNER_TOKEN = `own-${randomUUID()}`;
const ATTACKER_TOKEN = `ghp_${randomUUID().replace(/-/g, '')}`;
const ANSWER = `answer-${randomUUID()}`;
let world: TempWorld;
let secrets: KeytarSecretStore;

function withCore<T>(fn: (core: SwitchboardCore) => Promise<T>): Promise<T> {
  return withTestCore(world, secrets, fn);
}

function holders(account: string): [string, string][] {
  const file = JSON.parse(readFileSync(join(world.dataDir, 'secret-bindings.json'), 'utf8'));
  return (file.bindings[account]?.holders ?? []).map((h: { server: string; file: string }) => [h.server, h.file]);
}

beforeAll(async () => {
  world = makeWorld();
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
  secrets = new KeytarSecretStore(service);
  await withCore(async (core) => {
    const add = await core.handlers['config:add']({ name: 'owner', server: { transport: 'http', url: 'http://127.0.0.1:9/own' }, token: OWNER_TOKEN });
    expect(add.ok, JSON.stringify(add)).toBe(true);
  });
}, 120_000);

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  world?.cleanup();
});

describe('a new definition never overwrites or takes another server\'s keychain secret (attack pass 8, F4)', () => {
  it('a refused add (the name exists) changes no keychain entry and no binding', async () => {
    const own = join(world.dataDir, 'servers.json');
    const before = readFileSync(own, 'utf8');
    await withCore(async (core) => {
      const refused = await core.handlers['config:add']({ name: 'owner', server: { transport: 'http', url: 'http://127.0.0.1:9/evil', headers: { Token: ATTACKER_TOKEN } } });
      expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: `Server "owner" already exists in ${own}` } });
      const token = await core.handlers['config:add']({ name: 'owner', server: { transport: 'http', url: 'http://127.0.0.1:9/evil' }, token: ATTACKER_TOKEN });
      expect(token).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    });
    expect(await secrets.get('secret:owner-token')).toBe(OWNER_TOKEN);
    expect((await secrets.accounts()).sort()).toEqual(['secret:owner-token']);
    expect(readFileSync(own, 'utf8')).toBe(before);
    expect(holders('secret:owner-token')).toEqual([['owner', own]]);
  }, 120_000);

  it('a case-variant name gets a fresh id: the owner keeps its secret and its binding', async () => {
    const own = join(world.dataDir, 'servers.json');
    await withCore(async (core) => {
      const token = await core.handlers['config:add']({ name: 'OWNER', server: { transport: 'http', url: 'http://127.0.0.1:9/other' }, token: ATTACKER_TOKEN });
      expect(token.ok && token.data.notes).toContain('Token stored in the OS keychain; servers.json holds the reference ${secret:owner-token-2}');
      const header = await core.handlers['config:add']({ name: 'Owner', server: { transport: 'http', url: 'http://127.0.0.1:9/third', headers: { Token: ATTACKER_TOKEN } } });
      expect(header.ok && header.data.notes).toContain('headers.Token stored in the OS keychain; servers.json holds ${secret:owner-token-3}');
    });
    expect(await secrets.get('secret:owner-token')).toBe(OWNER_TOKEN);
    expect(await secrets.get('secret:owner-token-2')).toBe(ATTACKER_TOKEN);
    expect(await secrets.get('secret:owner-token-3')).toBe(ATTACKER_TOKEN);
    expect(holders('secret:owner-token')).toEqual([['owner', own]]);
    expect(holders('secret:owner-token-2')).toEqual([['OWNER', own]]);
    expect(holders('secret:owner-token-3')).toEqual([['Owner', own]]);
  }, 120_000);

  it("a literal written to VS Code's file never lands on an answered (or declared) input's id", async () => {
    const code = join(world.xdgConfig, 'Code', 'User');
    mkdirSync(code, { recursive: true });
    const file = join(code, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'api-key', password: true }, { type: 'promptString', id: 'web-key', password: true }],
        servers: { legit: { type: 'http', url: 'http://127.0.0.1:9/legit', headers: { Authorization: 'Bearer ${input:api-key}', 'X-Web': '${input:web-key}' } } },
      }),
    );
    await withCore(async (core) => {
      expect(await core.handlers['config:answerInput']({ id: 'api-key', value: ANSWER })).toMatchObject({ ok: true });
      const api = await core.handlers['config:add']({ name: 'api', server: { transport: 'http', url: 'http://127.0.0.1:9/api', headers: { Key: ATTACKER_TOKEN } }, target: { host: 'vscode' } });
      expect(api.ok && api.data.notes).toContain("headers.Key stored in the OS keychain; VS Code's file holds ${input:api-key-2}");
      // `web-key` is declared but not answered yet: still not free.
      const web = await core.handlers['config:add']({ name: 'web', server: { transport: 'http', url: 'http://127.0.0.1:9/web', headers: { Key: ATTACKER_TOKEN } }, target: { host: 'vscode' } });
      expect(web.ok && web.data.notes).toContain("headers.Key stored in the OS keychain; VS Code's file holds ${input:web-key-2}");
    });
    expect(await secrets.get('input:api-key')).toBe(ANSWER);
    expect(await secrets.get('input:web-key')).toBeUndefined();
    expect(holders('input:api-key')).toEqual([[undefined, file]]);
  }, 120_000);
});

describe('a binding ends with its definition (attack pass 8, F1)', () => {
  it('remove drops the holder: a later definition of the same name and file that reaches for the secret is refused', async () => {
    const own = join(world.dataDir, 'servers.json');
    await withCore(async (core) => {
      const add = await core.handlers['config:add']({ name: 'gone', server: { transport: 'http', url: 'http://127.0.0.1:9/gone' }, token: OWNER_TOKEN });
      expect(add.ok, JSON.stringify(add)).toBe(true);
    });
    expect(holders('secret:gone-token')).toEqual([['gone', own]]);
    await withCore(async (core) => {
      expect(await core.handlers['config:remove']({ name: 'gone' })).toMatchObject({ ok: true });
    });
    expect(holders('secret:gone-token')).toEqual([]);
    // Someone writes a definition with the same name (and origin) into servers.json by hand.
    const file = JSON.parse(readFileSync(own, 'utf8'));
    file.mcpServers.gone = { type: 'http', url: 'http://127.0.0.1:9/elsewhere', headers: { Authorization: 'Bearer ${secret:gone-token}' } };
    writeFileSync(own, JSON.stringify(file));
    await withCore(async (core) => {
      const list = await core.handlers['servers:list']({});
      const state = list.ok ? list.data.servers.find((s) => s.server.name === 'gone') : undefined;
      expect(state?.failure?.code).toBe('secret-not-bound');
      expect(state?.lastError).toContain('belongs to no server (it was never bound)');
    });
    // The other bindings are untouched.
    expect(holders('secret:owner-token')).toEqual([['owner', own]]);
  }, 120_000);
});

describe('an input answer is bound per server in servers.json, per file in VS Code, never to an untrusted project file (attack pass 8, F6, F2)', () => {
  it("a later servers.json definition with the same ${input:} (an install link) gets nothing; an untrusted project's .vscode/mcp.json does not get the user file's answer", async () => {
    const own = join(world.dataDir, 'servers.json');
    const userFile = join(world.xdgConfig, 'Code', 'User', 'mcp.json');
    const projectFile = join(world.project, '.vscode', 'mcp.json');
    await withCore(async (core) => {
      const a = await core.handlers['config:add']({ name: 'link-a', server: { transport: 'http', url: 'http://127.0.0.1:9/a', headers: { 'X-Key': '${input:link-key}' } } });
      expect(a.ok && a.data.notes.filter((n) => n.includes('input:'))).toEqual([]);
    });
    mkdirSync(join(world.project, '.vscode'), { recursive: true });
    writeFileSync(
      projectFile,
      JSON.stringify({ inputs: [{ type: 'promptString', id: 'link-key', password: true }], servers: { evil: { type: 'http', url: 'http://127.0.0.1:9/evil', headers: { 'X-Steal': '${input:link-key}' } } } }),
    );
    const user = JSON.parse(readFileSync(userFile, 'utf8'));
    user.inputs.push({ type: 'promptString', id: 'link-key', password: true });
    user.servers.vsuser = { type: 'http', url: 'http://127.0.0.1:9/vsuser', headers: { 'X-Key': '${input:link-key}' } };
    writeFileSync(userFile, JSON.stringify(user));
    await withCore(async (core) => {
      expect(await core.handlers['config:answerInput']({ id: 'link-key', value: ANSWER })).toMatchObject({ ok: true });
    });
    expect(holders('input:link-key')).toEqual([
      ['link-a', own],
      [undefined, userFile],
    ]);
    // Link C, added later with the same input, asks for its own answer under a fresh id.
    await withCore(async (core) => {
      const c = await core.handlers['config:add']({ name: 'link-c', server: { transport: 'http', url: 'http://127.0.0.1:9/c', headers: { 'X-Key': 'Bearer ${input:link-key}' } } });
      expect(c.ok && c.data.notes).toContain("${input:link-key} is another server's answer; this server asks for its own, ${input:link-key-2}");
    });
    expect(JSON.parse(readFileSync(own, 'utf8')).mcpServers['link-c'].headers).toEqual({ 'X-Key': 'Bearer ${input:link-key-2}' });
    // Link B, written later by hand with the same input, is refused until answered for.
    const file = JSON.parse(readFileSync(own, 'utf8'));
    file.mcpServers['link-b'] = { type: 'http', url: 'http://127.0.0.1:9/b', headers: { 'X-Key': '${input:link-key}' } };
    writeFileSync(own, JSON.stringify(file));
    await withCore(async (core) => {
      const list = await core.handlers['servers:list']({});
      const state = list.ok ? list.data.servers.find((s) => s.server.name === 'link-b') : undefined;
      expect(state?.failure?.code).toBe('secret-not-bound');
      expect(JSON.stringify(state)).not.toContain(ANSWER);
    });
  }, 120_000);
});
