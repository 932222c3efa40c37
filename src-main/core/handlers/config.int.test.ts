/** `config:*` through the core facade: token to the keychain (file holds a reference), input answers, transfer notes and the literal-secret confirmation. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../switchboard-core.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { everythingScript, makeWorld, type TempWorld } from '../test-world.js';
import type { SwitchboardCore } from '../types.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
afterEach(async () => {
  await core?.dispose();
  world?.cleanup();
  core = undefined;
  world = undefined;
});

function memoryStore(): SecretStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: async (a) => map.get(a), set: async (a, s) => void map.set(a, s), delete: async (a) => map.delete(a), accounts: async () => [...map.keys()] };
}

function make(secrets: SecretStore): { w: TempWorld; c: SwitchboardCore } {
  world = makeWorld();
  core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', secrets, referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { onlyServers: [] },
  );
  return { w: world, c: core };
}

describe('config handlers', () => {
  it('config:add with a token keeps the secret in the keychain and a reference in servers.json', async () => {
    const secrets = memoryStore();
    const { w, c } = make(secrets);
    const r = await c.handlers['config:add']({ name: 'gh', server: { url: 'https://api.example/mcp' }, token: 'ghp_secret' });
    expect(r.ok).toBe(true);
    const text = readFileSync(join(w.dataDir, 'servers.json'), 'utf8');
    expect(text).not.toContain('ghp_secret');
    expect(JSON.parse(text).mcpServers.gh).toEqual({ transport: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}' } });
    expect(secrets.map.get('secret:gh-token')).toBe('ghp_secret');
    const stdio = await c.handlers['config:add']({ name: 'x', server: { command: 'node' }, token: 't' });
    expect(stdio).toEqual({ ok: false, error: { code: 'INVALID_CONFIG', message: '--token requires --url (HTTP/SSE transport).' } });
    const list = await c.handlers['servers:list']({});
    expect(list.ok && list.data.servers.map((s) => [s.server.name, s.server.unresolved])).toEqual([['gh', []]]);
  });

  it('config:answerInput stores the answer; transfer VS Code → Cursor notes the ${input:} it cannot carry; literal secrets need confirmation', async () => {
    const secrets = memoryStore();
    const { w, c } = make(secrets);
    mkdirSync(join(w.xdgConfig, 'Code', 'User'), { recursive: true });
    writeFileSync(join(w.xdgConfig, 'Code', 'User', 'mcp.json'), JSON.stringify({
      inputs: [{ id: 'key', type: 'promptString', password: true }],
      servers: {
        gh: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:key}' } },
        lit: { type: 'http', url: 'https://lit.example/mcp', headers: { 'X-Api-Key': 'abc123' } },
      },
    }));
    expect(await c.handlers['config:answerInput']({ id: 'key', value: 'answer' })).toEqual({ ok: true, data: { stored: true } });
    expect(secrets.map.get('input:key')).toBe('answer');
    const moved = await c.handlers['config:transfer']({ name: 'gh', to: { host: 'cursor' } });
    expect(moved.ok).toBe(true);
    const vscodeFile = join(w.xdgConfig, 'Code', 'User', 'mcp.json');
    const cursorFile = join(w.home, '.cursor', 'mcp.json');
    // Cursor outranks VS Code (SPEC §2): the copy now wins, and the outcome says so (issue F3 #5).
    if (moved.ok) {
      expect(moved.data.notes).toEqual([
        'headers.Authorization: a VS Code ${input:key} prompt cannot be carried to Cursor; left as literal text — set the value by hand',
        `"gh" in ${cursorFile} now shadows VS Code ${vscodeFile}: this copy is the one Switchboard runs`,
      ]);
      expect(moved.data.nowShadows).toMatchObject({ host: 'vscode', file: vscodeFile });
    }
    const refused = await c.handlers['config:transfer']({ name: 'lit', to: { host: 'cursor' } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('writes literal secrets (headers.X-Api-Key)');
    const allowed = await c.handlers['config:transfer']({ name: 'lit', to: { host: 'cursor' }, allowLiteralSecrets: true });
    expect(allowed.ok).toBe(true);
    const cursor = JSON.parse(readFileSync(join(w.home, '.cursor', 'mcp.json'), 'utf8'));
    expect(cursor.mcpServers).toEqual({
      gh: { url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:key}' } },
      lit: { url: 'https://lit.example/mcp', headers: { 'X-Api-Key': 'abc123' } },
    });
    const hosts = await c.handlers['config:hosts']({});
    expect(hosts.ok && hosts.data.find((h) => h.host === 'cursor')?.entries.map((e) => e.server.name)).toEqual(['gh', 'lit']);
  });
});
