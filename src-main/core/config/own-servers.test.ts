import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat, symlink, chmod, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../facade/errors.js';
import { switchboardProvider } from './providers/switchboard.js';
import { addOwnServer, referenceServerEntry, serializeServerEntry } from './own-servers.js';
import { resolveReferenceServerScript } from './reference-server.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

async function rejection(p: Promise<unknown>): Promise<CoreError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(CoreError);
    return err as CoreError;
  }
  throw new Error('expected a rejection');
}

describe('addOwnServer', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('creates the folder and file, writes an explicit transport, and reads back the same server', async () => {
    const dataDir = join(sb.root, 'fresh', 'data');
    const path = await addOwnServer(dataDir, { name: 'mem', transport: 'stdio', command: 'node', args: ['m.js'], enabled: true });
    expect(path).toBe(join(dataDir, 'servers.json'));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ mcpServers: { mem: { transport: 'stdio', command: 'node', args: ['m.js'] } } });
    const out = await switchboardProvider.load(sb.ctx({ dataDir }), new Set());
    expect(out.servers).toMatchObject([{ name: 'mem', transport: 'stdio', command: 'node', args: ['m.js'], enabled: true }]);
    expect(await readdir(dataDir)).toEqual(['servers.json']);
  });

  it('keeps other entries, comments, unknown keys and the file mode; backs up the previous version', async () => {
    const original = '{\n  // my servers\n  "$schema": "x",\n  "mcpServers": {\n    "a": {"command": "a", "custom": 1} // first\n  },\n  "extra": true\n}\n';
    const path = await sb.write(join(sb.dataDir, 'servers.json'), original);
    await chmod(path, 0o640);
    await addOwnServer(sb.dataDir, {
      name: 'web',
      transport: 'http',
      url: 'https://w/mcp',
      enabled: false,
      extensions: { registry: 'r' },
    });
    const text = await readFile(path, 'utf8');
    expect(text).toContain('// my servers');
    expect(text).toContain('// first');
    expect(text).toContain('"$schema": "x"');
    expect(text).toContain('"extra": true');
    const out = await switchboardProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.transport, s.enabled, s.extensions])).toEqual([
      ['a', 'stdio', true, { custom: 1 }],
      ['web', 'http', false, { registry: 'r' }],
    ]);
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    const backups = await readdir(join(sb.dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(sb.dataDir, 'backups', backups[0]!), 'utf8')).toBe(original);
  });

  it('throws BAD_REQUEST with the documented words (docs/operator-verbs.md#error-strings) for a duplicate name', async () => {
    const path = await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { dup: { command: 'x' } } });
    const err = await rejection(addOwnServer(sb.dataDir, { name: 'dup', transport: 'stdio', command: 'y', enabled: true }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(`Server "dup" already exists in ${path}`);
  });

  it.each([
    [{ name: 'both', transport: 'stdio', command: 'x', url: 'http://x', enabled: true }, 'not both'],
    [{ name: 'nocmd', transport: 'stdio', enabled: true }, 'stdio transport requires "command"'],
    [{ name: 'nourl', transport: 'sse', enabled: true }, 'sse transport requires "url"'],
    [{ name: 'has/slash', transport: 'stdio', command: 'x', enabled: true }, 'may only contain'],
    [{ name: '', transport: 'stdio', command: 'x', enabled: true }, 'must not be empty'],
    [{ name: 'x'.repeat(101), transport: 'stdio', command: 'x', enabled: true }, 'at most 100'],
  ])('throws INVALID_CONFIG for %j', async (server, words) => {
    const err = await rejection(addOwnServer(sb.dataDir, server as never));
    expect(err.code).toBe('INVALID_CONFIG');
    expect(err.message).toMatch(/^Invalid server config: /);
    expect(err.message).toContain(words);
    expect(existsSync(join(sb.dataDir, 'servers.json'))).toBe(false);
  });

  it('never rewrites a servers.json that fails to parse; names file and line', async () => {
    const broken = '{\n  "mcpServers": {\n    "a": {"command": "a"}\n    "b": {}\n';
    const path = await sb.write(join(sb.dataDir, 'servers.json'), broken);
    const err = await rejection(addOwnServer(sb.dataDir, { name: 'c', transport: 'stdio', command: 'c', enabled: true }));
    expect(err.code).toBe('INVALID_CONFIG');
    expect(err.message).toContain(path);
    expect(err.message).toContain('line 4');
    expect(await readFile(path, 'utf8')).toBe(broken);
  });

  it('writes through a symlink to the real file, keeping the link', async () => {
    const real = await sb.write(join(sb.root, 'dotfiles', 'servers.json'), { mcpServers: {} });
    await symlink(real, join(sb.dataDir, 'servers.json'));
    await addOwnServer(sb.dataDir, { name: 'l', transport: 'stdio', command: 'l', enabled: true });
    expect((await lstat(join(sb.dataDir, 'servers.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(real, 'utf8')).mcpServers.l).toEqual({ transport: 'stdio', command: 'l' });
  });

  it('serialises concurrent adds so none is lost', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((n) => addOwnServer(sb.dataDir, { name: n, transport: 'stdio', command: n, enabled: true })));
    const doc = JSON.parse(await readFile(join(sb.dataDir, 'servers.json'), 'utf8'));
    expect(Object.keys(doc.mcpServers).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('orders typed fields canonically and keeps extensions after them', () => {
    expect(
      Object.keys(
        serializeServerEntry({ name: 'n', transport: 'stdio', command: 'c', enabled: true, description: 'd', extensions: { zz: 1, command: 'ignored' } }),
      ),
    ).toEqual(['transport', 'command', 'description', 'zz']);
  });
});

describe('reference server', () => {
  it('resolves server-everything to a JS file that serves MCP as `node <script> stdio` (no npx)', async () => {
    const script = resolveReferenceServerScript();
    expect(script).toMatch(/server-everything.*\.js$/);
    expect(existsSync(script)).toBe(true);
    const entry = referenceServerEntry({ command: process.execPath, args: [script, 'stdio'] });
    const client = new Client({ name: 'config-test', version: '0' });
    await client.connect(new StdioClientTransport({ command: entry.command!, args: entry.args!, stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
    } finally {
      await client.close();
    }
  });

  it('builds the bundled entry', () => {
    const entry = referenceServerEntry({ command: '/usr/bin/node', args: ['/x/index.js', 'stdio'], env: { ELECTRON_RUN_AS_NODE: '1' } });
    expect(entry).toEqual({
      name: 'everything',
      transport: 'stdio',
      command: '/usr/bin/node',
      args: ['/x/index.js', 'stdio'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      enabled: true,
      description: 'MCP reference server (bundled)',
    });
    expect(referenceServerEntry({ command: 'node', args: [] }).env).toBeUndefined();
  });
});
