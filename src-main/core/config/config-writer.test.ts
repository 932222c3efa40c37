/** The writer on real files of every format: minimal diffs, comments and unknown keys kept, host shapes, safety rules. */
import { lstat, readFile, readdir, stat, symlink, chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { addServerToFile, removeServerFromFile, setServerEnabled, updateServerInFile, type EntryLocation } from './config-writer.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

/** Lines of `after` that are not in `before` and vice versa (a crude line diff). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

const CURSOR_JSONC = `{
  // my servers
  "mcpServers": {
    "fs": {
      "command": "node",
      "args": ["srv.js"], // trailing comment
      "tools": ["made-up"],
    },
    "web": { "url": "https://w/mcp" }
  },
  "version": 3
}
`;

describe('JSON/JSONC writer', () => {
  it('edit one field: the diff is that field; comments, unknown keys and the other server stay byte for byte', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), CURSOR_JSONC);
    const loc: EntryLocation = { host: 'cursor', file, scope: 'user' };
    await updateServerInFile(loc, 'fs', { args: ['srv.js', '--verbose'] }, sb.ctx());
    const after = await readFile(file, 'utf8');
    expect(changedLines(CURSOR_JSONC, after)).toEqual({
      removed: ['      "args": ["srv.js"], // trailing comment'],
      added: ['      "args": ["srv.js", "--verbose"], // trailing comment'],
    });
  });

  it('an edit with no change writes nothing (byte-identical, no backup)', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), CURSOR_JSONC);
    await updateServerInFile({ host: 'cursor', file, scope: 'user' }, 'fs', { args: ['srv.js'] }, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(CURSOR_JSONC);
    await expect(readdir(join(sb.dataDir, 'backups'))).rejects.toThrow();
  });

  it('add keeps CRLF and a BOM; remove takes only that entry; the previous version is in backups/', async () => {
    const text = '\uFEFF{\r\n  "mcpServers": {\r\n    "a": { "command": "x" }\r\n  },\r\n  "preferences": { "k": 1 }\r\n}\r\n';
    const file = await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), text);
    const loc: EntryLocation = { host: 'claude-desktop', file, scope: 'user' };
    await addServerToFile(loc, { name: 'b', transport: 'stdio', command: 'y', args: ['1'], enabled: true }, sb.ctx());
    const added = await readFile(file, 'utf8');
    expect(added).toBe('\uFEFF{\r\n  "mcpServers": {\r\n    "a": { "command": "x" },\r\n    "b": {\r\n      "command": "y",\r\n      "args": [\r\n        "1"\r\n      ]\r\n    }\r\n  },\r\n  "preferences": { "k": 1 }\r\n}\r\n');
    expect(JSON.parse(added.slice(1))).toEqual({ mcpServers: { a: { command: 'x' }, b: { command: 'y', args: ['1'] } }, preferences: { k: 1 } });
    await removeServerFromFile(loc, 'b', sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(text);
    expect((await readdir(join(sb.dataDir, 'backups'))).length).toBe(2);
  });

  it('a duplicate name and a file that does not parse are refused with the documented words (docs/operator-verbs.md#error-strings); the file is untouched', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), CURSOR_JSONC);
    const loc: EntryLocation = { host: 'cursor', file, scope: 'user' };
    await expect(addServerToFile(loc, { name: 'fs', transport: 'stdio', command: 'z', enabled: true }, sb.ctx())).rejects.toThrow(`Server "fs" already exists in ${file}`);
    await expect(addServerToFile(loc, { name: 'bad/name', transport: 'stdio', command: 'z', enabled: true }, sb.ctx())).rejects.toThrow(/^Invalid server config: server name may only/);
    const broken = await sb.write(join(sb.home, '.lmstudio', 'mcp.json'), '{ "mcpServers": { "a": { "command": "x" }\n');
    await expect(addServerToFile({ host: 'lmstudio', file: broken, scope: 'user' }, { name: 'n', transport: 'stdio', command: 'z', enabled: true }, sb.ctx())).rejects.toThrow(/^Invalid server config: .* does not parse .*it was not changed$/);
    expect(await readFile(broken, 'utf8')).toBe('{ "mcpServers": { "a": { "command": "x" }\n');
    expect(await readFile(file, 'utf8')).toBe(CURSOR_JSONC);
  });

  it('writes through a symlink to the real file, keeping the link and the mode', async () => {
    const real = await sb.write(join(sb.root, 'dotfiles', 'mcp.json'), CURSOR_JSONC);
    await chmod(real, 0o640);
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    const link = join(sb.home, '.cursor', 'mcp.json');
    await symlink(real, link);
    await updateServerInFile({ host: 'cursor', file: link, scope: 'user' }, 'web', { url: 'https://w2/mcp' }, sb.ctx());
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect((await stat(real)).mode & 0o777).toBe(0o640);
    expect(await readFile(real, 'utf8')).toContain('"url": "https://w2/mcp"');
  });
});

describe('host shapes and enable flags', () => {
  it('cline: disable writes "disabled": true, enable removes it again (byte-identical)', async () => {
    const text = '{\n  "mcpServers": {\n    "s": {\n      "url": "https://c/sse",\n      "timeout": 30\n    }\n  }\n}\n';
    const file = await sb.write(join(sb.home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), text);
    const loc: EntryLocation = { host: 'cline', file, scope: 'user' };
    await setServerEnabled(loc, 's', false, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s).toEqual({ url: 'https://c/sse', timeout: 30, disabled: true });
    await setServerEnabled(loc, 's', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('cline: a timeout edit in ms is written in seconds', async () => {
    const file = await sb.write(join(sb.root, 'cline.json'), { mcpServers: { s: { url: 'https://c/sse', timeout: 30 } } });
    await updateServerInFile({ host: 'cline', file, scope: 'user' }, 's', { timeout: 45_000 }, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s.timeout).toBe(45);
  });

  it('gemini: disable adds to mcp.excluded, enable removes it', async () => {
    const file = await sb.write(join(sb.home, '.gemini', 'settings.json'), { theme: 'x', mcpServers: { g: { url: 'https://g/sse' } } });
    const loc: EntryLocation = { host: 'gemini', file, scope: 'user' };
    await setServerEnabled(loc, 'g', false, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcp).toEqual({ excluded: ['g'] });
    const found = await discoverServers(sb.ctx());
    expect(found.servers.find((s) => s.name === 'g')?.enabled).toBe(false);
    await setServerEnabled(loc, 'g', true, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcp).toEqual({ excluded: [] });
  });

  it('cursor has no flag: disable applies in Switchboard only and says so; the file is unchanged', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), CURSOR_JSONC);
    const out = await setServerEnabled({ host: 'cursor', file, scope: 'user' }, 'fs', false, sb.ctx());
    expect(out.switchboardOnly).toBe(true);
    expect(out.notes[0]).toContain('Cursor has no enable flag in its file');
    expect(await readFile(file, 'utf8')).toBe(CURSOR_JSONC);
    const found = await discoverServers(sb.ctx());
    expect(found.servers.find((s) => s.name === 'fs')?.enabled).toBe(false);
    expect(found.warnings.some((w) => w.message.includes('disabled in Switchboard only'))).toBe(true);
    await setServerEnabled({ host: 'cursor', file, scope: 'user' }, 'fs', true, sb.ctx());
    expect((await discoverServers(sb.ctx())).servers.find((s) => s.name === 'fs')?.enabled).toBe(true);
  });
});

const CODEX_TOML = `# Codex config
model = "o3"

[mcp_servers.docs]
command = "npx" # launcher
args = ["-y", "docs-mcp"]
startup_timeout_sec = 20

[mcp_servers.docs.env]
LOG = "1"

[mcp_servers.remote]
url = "https://api.example.com/mcp"
bearer_token_env_var = "API_TOKEN"

[projects."/home/u/x"]
trust_level = "trusted"
`;

describe('TOML writer (Codex)', () => {
  it('disable adds one line; enable removes it; byte-identical round trip', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), CODEX_TOML);
    const loc: EntryLocation = { host: 'codex', file, scope: 'user' };
    await setServerEnabled(loc, 'docs', false, sb.ctx());
    const off = await readFile(file, 'utf8');
    expect(changedLines(CODEX_TOML, off)).toEqual({ removed: [], added: ['enabled = false'] });
    expect(off).toContain('startup_timeout_sec = 20\nenabled = false\n');
    await setServerEnabled(loc, 'docs', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(CODEX_TOML);
  });

  it('edits a value in place, a sub-table whole, and keeps the env-var-name fields', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), CODEX_TOML);
    const loc: EntryLocation = { host: 'codex', file, scope: 'user' };
    await updateServerInFile(loc, 'docs', { timeout: 60_000, env: { LOG: '2' } }, sb.ctx());
    await updateServerInFile(loc, 'remote', { url: 'https://api.example.com/v2/mcp' }, sb.ctx());
    const after = await readFile(file, 'utf8');
    expect(changedLines(CODEX_TOML, after)).toEqual({
      removed: ['startup_timeout_sec = 20', 'LOG = "1"', 'url = "https://api.example.com/mcp"'],
      added: ['startup_timeout_sec = 60', 'LOG = "2"', 'url = "https://api.example.com/v2/mcp"'],
    });
  });

  it('add appends a table; remove takes the table and its sub-tables only', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), CODEX_TOML);
    const loc: EntryLocation = { host: 'codex', file, scope: 'user' };
    await addServerToFile(loc, { name: 'new', transport: 'http', url: 'https://n/mcp', headers: { Authorization: 'Bearer ${N_TOKEN}', X: 'y' }, enabled: true, timeout: 5000 }, sb.ctx());
    const added = await readFile(file, 'utf8');
    expect(added.startsWith(CODEX_TOML)).toBe(true);
    expect(added.slice(CODEX_TOML.length)).toBe('\n[mcp_servers.new]\nurl = "https://n/mcp"\nbearer_token_env_var = "N_TOKEN"\nhttp_headers = { X = "y" }\nstartup_timeout_sec = 5\n');
    const found = await discoverServers(sb.ctx({ env: { N_TOKEN: 't' } }));
    expect(found.servers.find((s) => s.name === 'new')).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer t', X: 'y' }, timeout: 5000 });
    await removeServerFromFile(loc, 'new', sb.ctx());
    await removeServerFromFile(loc, 'docs', sb.ctx());
    const removed = await readFile(file, 'utf8');
    expect(removed).toBe(CODEX_TOML.replace('[mcp_servers.docs]\ncommand = "npx" # launcher\nargs = ["-y", "docs-mcp"]\nstartup_timeout_sec = 20\n\n[mcp_servers.docs.env]\nLOG = "1"\n\n', ''));
  });
});

const GOOSE_YAML = `# goose config
GOOSE_PROVIDER: openai
extensions:
  developer:
    bundled: true
    enabled: true
    type: builtin
  fetch:
    cmd: uvx   # the runner
    args: [mcp-server-fetch]
    enabled: true
    timeout: 300
    type: stdio

  remote:
    type: sse
    uri: https://g/sse
    enabled: true
other: 1
`;

describe('YAML writer (goose, Continue)', () => {
  it('disable touches one value; enable restores the bytes', async () => {
    const file = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), GOOSE_YAML);
    const loc: EntryLocation = { host: 'goose', file, scope: 'user' };
    await setServerEnabled(loc, 'fetch', false, sb.ctx());
    const off = await readFile(file, 'utf8');
    expect(changedLines(GOOSE_YAML, off).added).toEqual(['    enabled: false']);
    expect((await discoverServers(sb.ctx())).servers.find((s) => s.name === 'fetch')?.enabled).toBe(false);
    await setServerEnabled(loc, 'fetch', true, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(GOOSE_YAML);
  });

  it('add a server, then remove it: back to the original bytes; new keys read back right', async () => {
    const file = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), GOOSE_YAML);
    const loc: EntryLocation = { host: 'goose', file, scope: 'user' };
    await addServerToFile(loc, { name: 'mem', transport: 'stdio', command: 'node', args: ['m.js', '--x=1'], env: { A: 'b c' }, enabled: true, timeout: 10_000 }, sb.ctx());
    const found = await discoverServers(sb.ctx());
    expect(found.servers.find((s) => s.name === 'mem')).toMatchObject({ command: 'node', args: ['m.js', '--x=1'], env: { A: 'b c' }, timeout: 10_000, enabled: true });
    await updateServerInFile(loc, 'mem', { args: ['n.js'] }, sb.ctx());
    expect((await discoverServers(sb.ctx())).servers.find((s) => s.name === 'mem')?.args).toEqual(['n.js']);
    await removeServerFromFile(loc, 'mem', sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(GOOSE_YAML);
  });

  it('refuses to edit or remove an entry other entries share through a YAML anchor; the file is untouched', async () => {
    // The failing input of an attack pass: `remove anch` left `anch2: *A` dangling (goose's whole file
    // stopped parsing) and `edit anch --env` silently changed anch2 too.
    const text = 'extensions:\n  anch: &A\n    enabled: true\n    type: stdio\n    cmd: node\n    args: []\n  anch2: *A\n  solo:\n    enabled: true\n    type: stdio\n    cmd: node\n    args: []\n';
    const file = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), text);
    const loc: EntryLocation = { host: 'goose', file, scope: 'user' };
    await expect(removeServerFromFile(loc, 'anch', sb.ctx())).rejects.toThrow('"extensions.anch" holds the YAML anchor &A');
    await expect(updateServerInFile(loc, 'anch', { env: { K: 'V' } }, sb.ctx())).rejects.toThrow('holds the YAML anchor &A');
    await expect(updateServerInFile(loc, 'anch2', { env: { K: 'V' } }, sb.ctx())).rejects.toThrow('"extensions.anch2" is a YAML alias (*A)');
    expect(await readFile(file, 'utf8')).toBe(text);
    // An entry that shares nothing is still edited, and removing the alias line keeps its anchor.
    await updateServerInFile(loc, 'solo', { args: ['x.js'] }, sb.ctx());
    await removeServerFromFile(loc, 'anch2', sb.ctx());
    const found = await discoverServers(sb.ctx());
    expect(found.servers.filter((s) => s.source.host === 'goose').map((s) => s.name).sort()).toEqual(['anch', 'solo']);
    expect(found.servers.find((s) => s.name === 'solo')?.args).toEqual(['x.js']);
  });

  it('continue: adds to and removes from the YAML list', async () => {
    const text = 'name: cfg\nmcpServers:\n  - name: one\n    command: node\n';
    const file = await sb.write(join(sb.home, '.continue', 'config.yaml'), text);
    const loc: EntryLocation = { host: 'continue', file, scope: 'user' };
    await addServerToFile(loc, { name: 'two', transport: 'sse', url: 'https://c/sse', enabled: true }, sb.ctx());
    expect((await discoverServers(sb.ctx())).servers.map((s) => [s.name, s.transport])).toEqual([['one', 'stdio'], ['two', 'sse']]);
    await removeServerFromFile(loc, 'two', sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
