/**
 * `config:*` through the core facade: token to the keychain (file holds a reference), input
 * answers, transfer notes and the literal-secret confirmation; and what a first-time user and a
 * breaker found (issue F3): update merges env/headers and reports fields it could not write;
 * transfer from an untrusted project is refused; remove says which definition is active now;
 * config:hosts gives each row its state and launch line; a stored ${input:} answer is not flagged.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { everythingScript, makeWorld, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
afterEach(async () => {
  await core?.dispose();
  world?.cleanup();
  core = undefined;
  world = undefined;
});

function make(secrets: SecretStore = memorySecretStore()): { w: TempWorld; c: SwitchboardCore } {
  world = makeWorld();
  core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', secrets, referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { onlyServers: [] },
  );
  return { w: world, c: core };
}

describe('config handlers', () => {
  it('config:add with a token keeps the secret in the keychain and a reference in servers.json', async () => {
    const secrets = memorySecretStore();
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

  it('config:add splits a whole command line typed as the command, and refuses one that needs a shell (trial 6 finding 10)', async () => {
    const { w, c } = make();
    const r = await c.handlers['config:add']({ name: 'pasted', server: { command: 'node /tmp/x/server.mjs' } });
    expect(r.ok && r.data.notes).toContain('The command was a whole command line: saved as command "node" with arguments ["/tmp/x/server.mjs"] (a server\'s command runs without a shell)');
    expect(JSON.parse(readFileSync(join(w.dataDir, 'servers.json'), 'utf8')).mcpServers.pasted).toEqual({ transport: 'stdio', command: 'node', args: ['/tmp/x/server.mjs'] });
    const piped = await c.handlers['config:add']({ name: 'piped', server: { command: 'node s.mjs | tee log' } });
    expect(piped).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining('runs without a shell') } });
    expect(JSON.parse(readFileSync(join(w.dataDir, 'servers.json'), 'utf8')).mcpServers.piped).toBeUndefined();
  });

  it('config:answerInput stores the answer; transfer VS Code → Cursor notes the ${input:} it cannot carry; literal secrets need confirmation', async () => {
    const secrets = memorySecretStore();
    const { w, c } = make(secrets);
    mkdirSync(join(w.xdgConfig, 'Code', 'User'), { recursive: true });
    writeFileSync(join(w.xdgConfig, 'Code', 'User', 'mcp.json'), JSON.stringify({
      inputs: [{ id: 'key', type: 'promptString', password: true }],
      servers: {
        gh: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:key}' } },
        lit: { type: 'http', url: 'https://lit.example/mcp', headers: { 'X-Api-Key': 'abc123' } },
      },
    }));
    expect(await c.handlers['config:answerInput']({ id: 'key', value: 'answer' })).toEqual({ ok: true, data: { stored: true, where: 'the OS keychain' } });
    expect(secrets.map.get('input:key')).toBe('answer');
    const moved = await c.handlers['config:transfer']({ name: 'gh', to: { host: 'cursor' } });
    expect(moved.ok).toBe(true);
    const vscodeFile = join(w.xdgConfig, 'Code', 'User', 'mcp.json');
    const cursorFile = join(w.home, '.cursor', 'mcp.json');
    // Cursor outranks VS Code (docs/config-discovery.md): the copy now wins, and the outcome says so (issue F3 #5).
    if (moved.ok) {
      expect(moved.data.notes).toEqual([
        'headers.Authorization: a VS Code ${input:key} prompt cannot be carried to Cursor; left as literal text — set the value by hand',
        `"gh" in ${cursorFile} now shadows VS Code ${vscodeFile}: this copy is the one Switchboard runs`,
        // Issue 26 item 1: the answer stays with VS Code's file until the person confirms a re-binding.
        '${input:key} not re-bound: the copy "gh" will not get this secret until you confirm (--rebind-secrets, or "re-bind secrets" in the window)',
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

function put(path: string, value: unknown): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  return path;
}

describe('config:update', () => {
  it('merges headers key by key (a ${secret:} Authorization stays), null removes one key, and lists what it wrote', async () => {
    const { w, c } = make();
    const file = put(join(w.dataDir, 'servers.json'), { mcpServers: { gh: { transport: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}', 'X-Old': '1' } } } });
    const r = await c.handlers['config:update']({ name: 'gh', patch: { headers: { 'X-Trace': 'on', 'X-Old': null } } });
    expect(r).toEqual({ ok: true, data: { file, notes: [], written: ['headers.X-Trace', 'headers.X-Old'], notWritten: [] } });
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.gh.headers).toEqual({ Authorization: 'Bearer ${secret:gh-token}', 'X-Trace': 'on' });
  });

  it('a literal secret header for servers.json goes to the keychain, the file holds a reference', async () => {
    const secrets = memorySecretStore();
    const { w, c } = make(secrets);
    const file = put(join(w.dataDir, 'servers.json'), { mcpServers: { gh: { transport: 'http', url: 'https://api.example/mcp' } } });
    const r = await c.handlers['config:update']({ name: 'gh', patch: { headers: { 'X-Api-Key': 'abc123' } } });
    expect(r.ok).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.gh.headers).toEqual({ 'X-Api-Key': '${secret:gh-x-api-key}' });
    expect(secrets.map.get('secret:gh-x-api-key')).toBe('abc123');
  });

  it('Codex: a description it has no field for is a failure naming the file, and the TOML is unchanged', async () => {
    const { w, c } = make();
    const toml = '[mcp_servers.alpha]\ncommand = "node"\n';
    const file = put(join(w.home, '.codex', 'config.toml'), toml);
    const r = await c.handlers['config:update']({ name: 'alpha', patch: { description: 'Alpha server' } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_CONFIG');
      expect(r.error.message).toBe(`Nothing written to ${file}: Codex has no place for "description" in its file; not written`);
    }
    expect(readFileSync(file, 'utf8')).toBe(toml);
  });
});

describe('config:transfer and config:remove', () => {
  it('refuses to copy a definition from an untrusted project folder unless the caller vouches for it', async () => {
    const { w, c } = make();
    const projectFile = put(join(w.project, '.mcp.json'), { mcpServers: { evil: { command: 'sh', args: ['-c', 'echo pwned'] } } });
    const refused = await c.handlers['config:transfer']({ name: 'evil', to: { host: 'switchboard' } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'UNTRUSTED',
        message: `"evil" comes from ${projectFile} in the project folder ${w.project}, which you have not trusted; copying it would let it run. Trust the folder first (switchboard trust), or confirm that you vouch for this definition (--trust).`,
      },
    });
    expect(() => readFileSync(join(w.dataDir, 'servers.json'), 'utf8')).toThrow();
    const vouched = await c.handlers['config:transfer']({ name: 'evil', to: { host: 'switchboard' }, trustSource: true });
    expect(vouched.ok).toBe(true);
    if (vouched.ok) expect(vouched.data.nowShadows).toMatchObject({ host: 'claude-code', file: projectFile, scope: 'project' });
  });

  it("a copy keeps what the source host would do: a literal `!cmd`, bare name or ${VAR} from Cursor is refused for servers.json and xcsh; Claude Code's own ${VAR} still travels (attack pass 8, F10)", async () => {
    const { w, c } = make();
    const marker = join(w.root, 'ran');
    const cursorFile = put(join(w.home, '.cursor', 'mcp.json'), {
      mcpServers: {
        imp: { url: 'http://127.0.0.1:9/imp', headers: { 'X-A': `!touch ${marker}`, 'X-B': 'AWS_SECRET_ACCESS_KEY', 'X-C': 'Bearer ${AWS_SECRET_ACCESS_KEY}', 'X-D': '${env:HOME}' } },
        imp2: { command: 'node', args: ['${HOME}/x.js'], env: { MODE: '!id' } },
      },
    });
    put(join(w.home, '.claude.json'), { mcpServers: { cc: { type: 'http', url: 'http://127.0.0.1:9/cc', headers: { 'X-Base': '${API_BASE:-x}' } } } });
    const own = join(w.dataDir, 'servers.json');
    const refused = await c.handlers['config:transfer']({ name: 'imp', file: cursorFile, to: { host: 'switchboard' } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'BAD_REQUEST',
        message:
          'Copying "imp" from Cursor to Switchboard would change what its values do: headers.X-C holds ${AWS_SECRET_ACCESS_KEY}, literal text in Cursor\'s file that Switchboard would fill in from this computer; ' +
          `header "X-A" holds "!touch ${marker}": a value starting with "!" runs as a shell command on this computer whenever the server connects; ` +
          'header "X-B" holds "AWS_SECRET_ACCESS_KEY": a bare variable name is replaced by that environment variable\'s value, which would be sent to the server (write the literal value instead). ' +
          'Nothing was written; set these values by hand in the copy',
      },
    });
    const stdio = await c.handlers['config:transfer']({ name: 'imp2', file: cursorFile, to: { host: 'xcsh' } });
    expect(stdio.ok ? stdio.data : stdio.error.message).toBe(
      'Copying "imp2" from Cursor to xcsh would change what its values do: args[0] holds ${HOME}, literal text in Cursor\'s file that xcsh would fill in from this computer; ' +
        'environment variable "MODE" holds "!id": a value starting with "!" runs as a shell command on this computer whenever the server connects. Nothing was written; set these values by hand in the copy',
    );
    expect(() => readFileSync(own, 'utf8')).toThrow();
    expect(() => readFileSync(join(w.home, '.xcsh', 'mcp.json'), 'utf8')).toThrow();
    // Placeholder syntax the source expands itself is translated and still copies.
    const copied = await c.handlers['config:transfer']({ name: 'cc', to: { host: 'switchboard' } });
    expect(copied.ok, JSON.stringify(copied)).toBe(true);
    expect(JSON.parse(readFileSync(own, 'utf8')).mcpServers.cc.headers).toEqual({ 'X-Base': '${API_BASE:-x}' });
  });

  it('remove without a file takes the winner only and names the definition that is active now', async () => {
    const { w, c } = make();
    const own = put(join(w.dataDir, 'servers.json'), { mcpServers: { dup: { transport: 'stdio', command: 'a' } } });
    const cursor = put(join(w.home, '.cursor', 'mcp.json'), { mcpServers: { dup: { command: 'b' } } });
    const r = await c.handlers['config:remove']({ name: 'dup' });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.data.file).toBe(own);
      expect(r.data.nowActive).toMatchObject({ host: 'cursor', file: cursor });
      expect(r.data.notes).toEqual([`"dup" is still defined in Cursor ${cursor} (now active)`]);
    }
    const again = await c.handlers['config:remove']({ name: 'dup' });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toContain(`To remove that one too, name its file: switchboard remove dup --file ${cursor}`);
    expect(JSON.parse(readFileSync(cursor, 'utf8')).mcpServers.dup).toEqual({ command: 'b' });
  });
});

describe('config:hosts rows', () => {
  it('a host connect put behind the gateway says so (mode and file); one that is not says nothing', async () => {
    // Found trying issue 31 as a new user: "What each host sees" showed Claude Code's moved originals
    // with no word that its file now names the gateway (only the Gateway view said so).
    const { w, c } = make();
    const cursor = put(join(w.home, '.cursor', 'mcp.json'), { mcpServers: { fine: { url: 'https://h.example/mcp' } } });
    put(join(w.home, '.codex', 'config.toml'), '[mcp_servers.other]\ncommand = "node"\n');
    const done = await c.handlers['gateway:connect']({ host: 'cursor' });
    expect(done.ok).toBe(true);
    const r = await c.handlers['config:hosts']({});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.find((h) => h.host === 'cursor')?.connected).toEqual({ mode: 'each', file: cursor });
    expect(r.data.find((h) => h.host === 'codex')?.connected).toBeUndefined();
  });

  it('each row has its real state as Cursor sees it (active / also defined in … / disabled) and its launch line, URL secrets redacted', async () => {
    const { w, c } = make();
    const own = put(join(w.dataDir, 'servers.json'), { mcpServers: { dup: { transport: 'stdio', command: 'node', args: ['a.js'] } } });
    put(join(w.home, '.cursor', 'mcp.json'), {
      mcpServers: { dup: { command: 'node', args: ['b.js'] }, off: { url: 'https://u:pw@h.example/mcp?api_key=k1', type: 'sse' }, fine: { url: 'https://h.example/mcp' } },
    });
    await c.handlers['config:setEnabled']({ name: 'off', enabled: false });
    const r = await c.handlers['config:hosts']({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const rows = r.data.find((h) => h.host === 'cursor')!.entries.map((e) => [e.server.name, e.state, e.stateText, e.launch]);
    expect(rows).toEqual([
      // Switchboard's own file wins the connected set, but Cursor does not read it (issue 14 item 4).
      ['dup', 'active', `active · also defined in Switchboard (app) ${own}:3 (Switchboard runs that one)`, 'node b.js'],
      ['off', 'disabled', 'disabled', 'SSE https://u:***@h.example/mcp?api_key=***'],
      ['fine', 'active', 'active', 'HTTP https://h.example/mcp'],
    ]);
  });
});

describe('stored keychain references', () => {
  it('an answered ${input:} is not flagged unresolved; a ${secret:} with nothing stored is', async () => {
    const secrets = memorySecretStore();
    const { w, c } = make(secrets);
    put(join(w.xdgConfig, 'Code', 'User', 'mcp.json'), { servers: { gh: { type: 'http', url: 'https://api.example/mcp', headers: { Authorization: 'Bearer ${input:key}' } } } });
    put(join(w.dataDir, 'servers.json'), { mcpServers: { own: { transport: 'http', url: 'https://o.example/mcp', headers: { Authorization: 'Bearer ${secret:own-token}' } } } });
    const unresolved = async () => {
      const list = await c.handlers['servers:list']({});
      return list.ok ? Object.fromEntries(list.data.servers.map((s) => [s.server.name, s.server.unresolved])) : {};
    };
    await c.start();
    expect(await unresolved()).toEqual({ own: ['secret:own-token'], gh: ['input:key'] });
    expect((await c.handlers['config:answerInput']({ id: 'key', value: 'answer' })).ok).toBe(true);
    await secrets.set('secret:own-token', 't');
    await c.handlers['servers:reload']({});
    expect(await unresolved()).toEqual({ own: [], gh: [] });
  });
});

describe('config:setEnabled writes the host list (docs/operator-verbs.md)', () => {
  it('a Claude Code .mcp.json server: disable lands in ~/.claude.json disabledMcpjsonServers, the row shows disabled, enable clears it', async () => {
    const { w, c } = make();
    const mcpJson = put(join(w.project, '.mcp.json'), { mcpServers: { cc: { command: 'node', args: ['a.js'] } } });
    const claudeJson = join(w.home, '.claude.json');
    const state = async (): Promise<string | undefined> => {
      const r = await c.handlers['config:hosts']({});
      return r.ok ? r.data.find((h) => h.host === 'claude-code')?.entries.find((e) => e.server.name === 'cc')?.state : undefined;
    };
    const off = await c.handlers['config:setEnabled']({ name: 'cc', enabled: false });
    expect(off.ok && off.data).toMatchObject({ file: claudeJson, notes: [] });
    expect(off.ok && off.data.switchboardOnly).toBeFalsy();
    expect(JSON.parse(readFileSync(claudeJson, 'utf8'))).toEqual({ projects: { [w.project]: { disabledMcpjsonServers: ['cc'] } } });
    expect(await state()).toBe('disabled');
    const on = await c.handlers['config:setEnabled']({ name: 'cc', enabled: true });
    expect(on.ok).toBe(true);
    expect(JSON.parse(readFileSync(claudeJson, 'utf8'))).toEqual({ projects: { [w.project]: { disabledMcpjsonServers: [] } } });
    expect(await state()).toBe('active');
    expect(JSON.parse(readFileSync(mcpJson, 'utf8'))).toEqual({ mcpServers: { cc: { command: 'node', args: ['a.js'] } } });
  });
});
