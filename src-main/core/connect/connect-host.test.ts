/**
 * Connect and disconnect on real host files (issue 31 item 1): JSONC with comments (VS Code), TOML
 * (Codex), YAML (Continue), Claude Code with a project `.mcp.json`. One sandbox; each test its own host.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { discoverServers } from '../config/discovery.js';
import { updateServerInFile } from '../config/config-writer.js';
import { connectedHostsPath } from '../config/connected-hosts.js';
import { createSandbox, type Sandbox } from '../config/test-sandbox.js';
import type { DiscoveryContext } from '../config/types.js';
import { connectedSummary, connectHost, disconnectHost, noHostReason } from './connect-host.js';
import type { ConnectChoice } from './connect-plan.js';
import { connectDoor } from './connect-door.js';
import { memorySecretStore } from '../secrets/memory-secret-store.js';
import type { HostId } from '../../../src-shared/config/server.js';

const LAUNCH = { command: '/usr/bin/node', args: ['/opt/sb/bin/switchboard.mjs'] };
const choice = (host: HostId, over: Partial<ConnectChoice> = {}): ConnectChoice => ({ host, mode: 'each', inProjectFile: false, door: { kind: 'stdio', launch: LAUNCH }, ...over });

let box: Sandbox;
let ctx: DiscoveryContext;
const store = memorySecretStore();
beforeAll(async () => {
  box = await createSandbox();
  ctx = box.ctx({ secretValue: (account) => store.get(account) });
});
afterAll(() => box.cleanup());

const VSCODE = `// my servers
{
  "servers": {
    // the GitHub one
    "github": { "command": "gh-mcp", "args": ["--stdio"], "env": { "GITHUB_TOKEN": "ghp_literal" } },
    "memory": { "type": "stdio", "command": "mem" }
  },
  "inputs": []
}
`;
const CODEX = `# codex config
model = "o3"

[mcp_servers.fs]
command = "fs-mcp"   # the files
args = ["/tmp"]

[mcp_servers.web]
command = "web-mcp"
`;
const CONTINUE = `name: me
version: 1.0.0
# the servers
mcpServers:
  - name: search
    command: search-mcp
    args: [--fast]
  - name: notes
    command: notes-mcp
models: []
`;

/** Where one host's definitions came from, by name: file, scope, command (the identity the view keeps). */
async function defsOf(host: HostId, c: DiscoveryContext = ctx): Promise<Record<string, { file: string; scope: string; command?: string; env?: Record<string, string>; enabled: boolean }>> {
  const out = await discoverServers(c);
  return Object.fromEntries((out.definitions ?? []).filter((d) => d.source.host === host).map((d) => [d.name, { file: d.source.file, scope: d.source.scope, command: d.command, env: d.env, enabled: d.enabled }]));
}

describe('connect / disconnect', () => {
  it('VS Code (JSONC with comments): dry run writes nothing; connect names the gateway per server, keeps comments and the identity; disconnect is byte for byte', async () => {
    const file = await box.write(join(box.home, '.config', 'Code', 'User', 'mcp.json'), VSCODE);
    const before = await defsOf('vscode');
    const dry = await connectHost(ctx, choice('vscode'), true);
    expect(await readFile(file, 'utf8')).toBe(VSCODE);
    expect(dry.written).toBe(false);
    expect(dry.files.map((f) => f.path)).toEqual([file]);
    expect(dry.files[0]?.diff).toContain('+    "github": { "command": "/usr/bin/node", "args": ["/opt/sb/bin/switchboard.mjs", "gateway", "--host", "vscode", "--server", "github"], "type": "stdio" },');
    await expect(stat(connectedHostsPath(box.dataDir))).rejects.toThrow(/ENOENT/);

    const done = await connectHost(ctx, choice('vscode'), false, store);
    expect(done.moved).toEqual(['github', 'memory']);
    const now = await readFile(file, 'utf8');
    expect(now).toContain('// the GitHub one');
    expect(now).not.toContain('ghp_literal');
    expect(now).toContain('"memory": { "type": "stdio", "command": "/usr/bin/node", "args": ["/opt/sb/bin/switchboard.mjs", "gateway", "--host", "vscode", "--server", "memory"] }');
    assert.exists(done.files[0]?.backup);
    expect((await stat(done.files[0].backup)).mode & 0o777).toBe(0o600);
    // The literal secret went to the secret store: the copy holds a marker in its place.
    expect([...store.map.values()]).toEqual(['ghp_literal']);
    const account = [...store.map.keys()][0] ?? '';
    expect(await readFile(done.files[0].backup, 'utf8')).toBe(VSCODE.replace('ghp_literal', `@@switchboard-connected-secret:${account}@@`));
    expect(await readFile(connectedHostsPath(box.dataDir), 'utf8')).not.toContain('ghp_literal');
    // Discovery still sees the originals, with the same identity; never the gateway entries.
    expect(await defsOf('vscode')).toEqual(before);
    expect(before.github?.env).toEqual({ GITHUB_TOKEN: 'ghp_literal' });
    expect(connectedSummary(box.dataDir, 'vscode')).toEqual({ mode: 'each', file });
    await expect(connectHost(ctx, choice('vscode'), false)).rejects.toThrow(`VS Code is already connected through the gateway (each, ${file}); to change it, disconnect first: switchboard disconnect vscode`);

    const dryBack = await disconnectHost(ctx, 'vscode', true, store);
    expect(dryBack.notes).toEqual([`${file} restored byte for byte as it was before connect`]);
    expect(await readFile(file, 'utf8')).toBe(now);
    await disconnectHost(ctx, 'vscode', false, store);
    expect(await readFile(file, 'utf8')).toBe(VSCODE);
    expect(store.map.size).toBe(0);
    expect(connectedSummary(box.dataDir, 'vscode')).toBeUndefined();
    await expect(disconnectHost(ctx, 'vscode', false)).rejects.toThrow('VS Code is not connected through the gateway: nothing to undo (connect it: switchboard connect vscode)');
  });

  it('Codex (TOML): connect then disconnect is byte for byte; a change made since keeps it and restores the entries only', async () => {
    const file = await box.write(join(box.home, '.codex', 'config.toml'), CODEX);
    const before = await defsOf('codex');
    await connectHost(ctx, choice('codex'), false);
    const now = await readFile(file, 'utf8');
    expect(now).toContain('# the files');
    expect(now).toContain('"--server", "fs"');
    expect(await defsOf('codex')).toEqual(before);
    // An edit of a moved entry would change the gateway entry: refused in words, the file as it is.
    await expect(updateServerInFile({ host: 'codex', file, scope: 'user' }, 'fs', { args: ['/srv'] }, ctx)).rejects.toThrow(
      `Server "fs" in ${file} is connected through the gateway (its entry there is Switchboard's gateway entry now): disconnect first (switchboard disconnect codex), change it, then connect again`,
    );
    expect(await readFile(file, 'utf8')).toBe(now);
    await disconnectHost(ctx, 'codex', false);
    expect(await readFile(file, 'utf8')).toBe(CODEX);

    await connectHost(ctx, choice('codex'), false);
    await writeFile(file, (await readFile(file, 'utf8')).replace('model = "o3"', 'model = "o4"'));
    const back = await disconnectHost(ctx, 'codex', false);
    expect(back.notes).toEqual([`${file} changed since connect: only the entries were restored (the gateway entries taken out, "fs", "web" put back); the other changes are kept`]);
    const after = await readFile(file, 'utf8');
    expect(after).toContain('model = "o4"');
    expect(after).not.toContain('gateway');
    expect(await defsOf('codex')).toEqual(before);
  });

  it('Continue (YAML list): --one replaces the entries by one switchboard entry; disconnect is byte for byte', async () => {
    const file = await box.write(join(box.home, '.continue', 'config.yaml'), CONTINUE);
    const before = await defsOf('continue');
    await connectHost(ctx, choice('continue', { mode: 'one' }), false);
    const now = await readFile(file, 'utf8');
    expect(now).not.toContain('search-mcp');
    expect(now).toContain('name: switchboard');
    expect(now).toContain('# the servers');
    expect(await defsOf('continue')).toEqual(before);
    await disconnectHost(ctx, 'continue', false);
    expect(await readFile(file, 'utf8')).toBe(CONTINUE);
  });

  it("Claude Code: a project .mcp.json is left alone, fronted in ~/.claude.json's local scope; an untrusted project server stays a project one", async () => {
    const claude = await box.write(join(box.home, '.claude.json'), { numStartups: 3, mcpServers: { mine: { command: 'mine-mcp' } } });
    const claudeText = await readFile(claude, 'utf8');
    const project = await box.write(join(box.project, '.mcp.json'), { mcpServers: { shared: { command: 'shared-mcp' } } });
    const projectText = await readFile(project, 'utf8');
    const untrusted = box.ctx({ projectTrusted: false });
    const before = await defsOf('claude-code', untrusted);
    expect(before.shared).toEqual({ file: project, scope: 'project', command: 'shared-mcp', enabled: true });
    const done = await connectHost(untrusted, choice('claude-code'), false);
    expect(done.files.map((f) => f.path)).toEqual([claude]);
    expect(await readFile(project, 'utf8')).toBe(projectText);
    const written = JSON.parse(await readFile(claude, 'utf8')) as { projects: Record<string, { mcpServers: Record<string, { args: string[] }> }> };
    expect(written.projects[box.project]?.mcpServers.shared?.args).toEqual(['/opt/sb/bin/switchboard.mjs', 'gateway', '--host', 'claude-code', '--server', 'shared']);
    expect(await defsOf('claude-code', untrusted)).toEqual(before);
    await disconnectHost(untrusted, 'claude-code', false);
    expect(await readFile(claude, 'utf8')).toBe(claudeText);
  });

  it('bad input: a malformed host file is named with its line and nothing is written; a host with no server says so', async () => {
    const bad = '{\n  "mcpServers": {\n    "x": { "command": "x" },,\n';
    const file = await box.write(join(box.home, '.cursor', 'mcp.json'), bad);
    await expect(connectHost(ctx, choice('cursor'), false)).rejects.toThrow(new RegExp(`^Cursor's file cannot be read, so nothing was written: ${file}:3: `));
    expect(await readFile(file, 'utf8')).toBe(bad);
    await expect(connectHost(ctx, choice('windsurf'), false)).rejects.toThrow(`Windsurf has no server to connect: its files for ${box.project} hold none (see: switchboard servers --host windsurf)`);
  });

  it('Switchboard\'s own file and the root mcp.json fallback are no host to connect: refused, nothing written', async () => {
    const own = '{ "mcpServers": { "mine": { "command": "mine-mcp" } } }\n';
    const file = await box.write(join(box.dataDir, 'servers.json'), own);
    await expect(connectHost(ctx, choice('switchboard'), false)).rejects.toThrow("Switchboard's own servers are not connected: Switchboard is the gateway, so its servers.json stays as it is (connect a host that runs servers: switchboard connect <host>)");
    await expect(connectHost(ctx, choice('mcp-json'), true)).rejects.toThrow('The root mcp.json fallback is no host (no host claims it): there is no host file to put behind the gateway (connect a host: switchboard connect <host>)');
    expect(await readFile(file, 'utf8')).toBe(own);
    // The Gateway view shows the same words instead of a Connect button (gateway:doors notConnectable); a real host has none.
    expect(noHostReason('switchboard')).toMatch(/^Switchboard's own servers are not connected/);
    expect(noHostReason('cursor')).toBeUndefined();
  });

  it('--http: the door URL with the token in the host\'s own syntax (VS Code ${env:…}), literally with a note where there is none; no owner: refused', async () => {
    const file = await box.write(join(box.project, '.vscode', 'mcp.json'), '{ "servers": { "gh": { "command": "gh-mcp" } } }\n');
    const vs = await connectDoor('vscode', true, undefined, 47100, () => Promise.reject(new Error('not asked')));
    const dry = await connectHost(ctx, choice('vscode', { door: vs.door, inProjectFile: true }), true);
    const diff = dry.files.find((f) => f.path === file)?.diff;
    expect(diff).toContain('"url": "http://127.0.0.1:47100/mcp/vscode/gh"');
    expect(diff).toContain('"Authorization": "Bearer ${env:SWITCHBOARD_GATEWAY_TOKEN}"');
    expect(vs.notes).toEqual(['VS Code reads the token from SWITCHBOARD_GATEWAY_TOKEN: set it in VS Code\'s environment (switchboard gateway --host vscode --print-http --show-token prints it)']);
    const lm = await connectDoor('lmstudio', true, undefined, 47100, () => Promise.resolve('tok'));
    expect(lm.door).toMatchObject({ kind: 'http', authorization: 'Bearer tok' });
    expect(lm.notes[0]).toBe("LM Studio's file has no syntax for a secret: the gateway token is written into it literally (replace it with switchboard gateway --host lmstudio --print-http --new-token)");
    await expect(connectDoor('claude-code', true, undefined, undefined, () => Promise.resolve('t'))).rejects.toThrow('No Switchboard listens now, so the HTTP door has no URL: start one (switchboard serve, or the desktop app), then connect claude-code --http');
  });
});
