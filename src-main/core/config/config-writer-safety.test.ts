/**
 * The writer on real files, for what a breaker found (issue F3): env/header edits merge, an edit
 * reports what it could not write, a host's write just before our rename is not lost, a dangling
 * symlink is written through (never replaced), a compact neighbour keeps its one line.
 */
import { lstat, readFile, readlink, symlink, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testHooks } from './config-file-edit.js';
import { addServerToFile, updateServerInFile, type EntryLocation } from './config-writer.js';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(async () => {
  testHooks.beforeRename = undefined;
  await sb.cleanup();
});

describe('edit: env and headers merge', () => {
  it('--env K=V sets that key and keeps the others; null removes one key', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { s: { command: 'node', env: { A: '1', B: '2' } } } });
    const loc: EntryLocation = { host: 'cursor', file, scope: 'user' };
    const out = await updateServerInFile(loc, 's', { env: { C: '3', A: null } }, sb.ctx());
    expect(out.written).toEqual(['env.C', 'env.A']);
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s.env).toEqual({ B: '2', C: '3' });
    await updateServerInFile(loc, 's', { env: { B: null, C: null } }, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s).toEqual({ command: 'node' });
  });

  it('a header edit keeps an Authorization header that holds a ${secret:} reference', async () => {
    const file = await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { gh: { transport: 'http', url: 'https://g/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}' } } } });
    await updateServerInFile({ host: 'switchboard', file, scope: 'app' }, 'gh', { headers: { 'X-Trace': '1' } }, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.gh.headers).toEqual({ Authorization: 'Bearer ${secret:gh-token}', 'X-Trace': '1' });
  });
});

describe('edit: what was written', () => {
  const CODEX = '# codex\n[mcp_servers.alpha]\ncommand = "node" # launcher\n';

  it('Codex has no description field: nothing is written and the error says so', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), CODEX);
    await expect(updateServerInFile({ host: 'codex', file, scope: 'user' }, 'alpha', { description: 'Alpha' }, sb.ctx())).rejects.toThrow(
      `Nothing written to ${file}: Codex has no place for "description" in its file; not written`,
    );
    expect(await readFile(file, 'utf8')).toBe(CODEX);
  });

  it('Cursor: env is written, timeout is not (listed with the host note)', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { s: { command: 'node' } } });
    const out = await updateServerInFile({ host: 'cursor', file, scope: 'user' }, 's', { env: { X: '1' }, timeout: 5000 }, sb.ctx());
    expect(out).toEqual({ file, notes: ['Cursor has no "timeout" field; not written'], written: ['env.X'], notWritten: ['timeout'] });
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s).toEqual({ command: 'node', env: { X: '1' } });
  });

  it('a value the host stores in its own unit is written and noted (Cline seconds)', async () => {
    const file = await sb.write(join(sb.root, 'cline.json'), { mcpServers: { s: { url: 'https://c/sse' } } });
    const out = await updateServerInFile({ host: 'cline', file, scope: 'user' }, 's', { timeout: 1234 }, sb.ctx());
    expect(out.written).toEqual(['timeout']);
    expect(out.notes).toEqual(['"timeout" was written in Cline\'s own form, not exactly as given']);
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.s.timeout).toBe(1.2);
  });
});

describe('write safety', () => {
  it('a host write between our compare and our rename is kept: the edit is refused with "changed on disk meanwhile"', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { s: { command: 'node' } } });
    const hostText = '{ "mcpServers": { "s": { "command": "node" }, "fromHost": { "command": "h" } } }\n';
    testHooks.beforeRename = () => writeFile(file, hostText);
    await expect(updateServerInFile({ host: 'cursor', file, scope: 'user' }, 's', { args: ['x'] }, sb.ctx())).rejects.toThrow(
      `${file} changed on disk meanwhile (another program wrote it); nothing was written, try again`,
    );
    expect(await readFile(file, 'utf8')).toBe(hostText);
    testHooks.beforeRename = undefined;
    await updateServerInFile({ host: 'cursor', file, scope: 'user' }, 's', { args: ['x'] }, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers).toEqual({ s: { command: 'node', args: ['x'] }, fromHost: { command: 'h' } });
  });

  it('a dangling symlink at the config path is written through to its target; the link stays a link', async () => {
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    const link = join(sb.home, '.cursor', 'mcp.json');
    const target = join(sb.root, 'dotfiles', 'cursor', 'mcp.json');
    await symlink(target, link);
    await addServerToFile({ host: 'cursor', file: link, scope: 'user' }, { name: 'n', transport: 'stdio', command: 'node', enabled: true }, sb.ctx());
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ mcpServers: { n: { command: 'node' } } });
    expect((await discoverServers(sb.ctx())).servers.map((s) => s.name)).toEqual(['n']);
  });

  it('a symlink loop at the config path is refused and left as it is', async () => {
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    const a = join(sb.home, '.cursor', 'mcp.json');
    const b = join(sb.root, 'loop.json');
    await symlink(b, a);
    await symlink(a, b);
    await expect(addServerToFile({ host: 'cursor', file: a, scope: 'user' }, { name: 'n', transport: 'stdio', command: 'node', enabled: true }, sb.ctx())).rejects.toThrow();
    expect(await readlink(a)).toBe(b);
  });
});

describe('neighbouring formatting', () => {
  it('ChatCLI: adding to a list of one-line entries keeps them and writes the new one on one line', async () => {
    const text = '{\n  "mcpServers": [\n    { "name": "a", "transport": "stdio", "command": "x", "enabled": true }\n  ]\n}\n';
    const file = await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), text);
    await addServerToFile({ host: 'chatcli', file, scope: 'user' }, { name: 'b', transport: 'stdio', command: 'y', args: ['1'], enabled: true }, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "mcpServers": [\n    { "name": "a", "transport": "stdio", "command": "x", "enabled": true },\n    { "name": "b", "transport": "stdio", "command": "y", "args": ["1"], "enabled": true }\n  ]\n}\n',
    );
  });

  it('ChatCLI: after a multi-line entry the new one is pretty-printed at the same indentation', async () => {
    const text = '{\n  "mcpServers": [\n    {\n      "name": "a",\n      "command": "x"\n    }\n  ]\n}\n';
    const file = await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), text);
    await addServerToFile({ host: 'chatcli', file, scope: 'user' }, { name: 'b', transport: 'stdio', command: 'y', enabled: true }, sb.ctx());
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "mcpServers": [\n    {\n      "name": "a",\n      "command": "x"\n    },\n    {\n      "name": "b",\n      "transport": "stdio",\n      "command": "y",\n      "enabled": true\n    }\n  ]\n}\n',
    );
  });
});
