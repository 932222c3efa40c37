import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { cursorProvider, switchboardProvider } from './providers/index.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';
import type { ConfigProvider } from './types.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

describe('discoverServers', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('dedupes by name in priority order; the loser is shadowed by the winner provenance', async () => {
    const own = await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { fs: { command: 'mine' } } });
    const cursorFile = await sb.write(join(sb.project, '.cursor', 'mcp.json'), {
      mcpServers: { fs: { command: 'cursor-fs' }, other: { url: 'http://o' } },
    });
    const result = await discoverServers(sb.ctx());
    expect(result.servers.map((s) => [s.name, s.command ?? s.url, s.source.host])).toEqual([
      ['fs', 'mine', 'switchboard'],
      ['other', 'http://o', 'cursor'],
    ]);
    expect(result.shadowed).toHaveLength(1);
    expect(result.shadowed[0]!.definition).toMatchObject({ name: 'fs', command: 'cursor-fs', source: { file: cursorFile } });
    expect(result.shadowed[0]!.shadowedBy).toEqual({ host: 'switchboard', file: own, line: 3, column: 5, scope: 'app' });
    expect(result.projectFiles).toEqual([cursorFile]);
    expect(result.warnings).toEqual([]);
  });

  it("a host's gateway door entry named like the server it serves neither hides it nor is listed as hidden (trial finding, issue 36 install)", async () => {
    await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { fs: { command: 'mine' } } });
    const cursorFile = await sb.write(join(sb.project, '.cursor', 'mcp.json'), {
      mcpServers: { fs: { command: '/usr/bin/node', args: ['/opt/sb/bin/switchboard.mjs', 'gateway', '--host', 'switchboard', '--server', 'fs'] } },
    });
    const result = await discoverServers(sb.ctx());
    expect(result.servers.map((s) => [s.name, s.command, s.source.host])).toEqual([['fs', 'mine', 'switchboard']]);
    expect(result.shadowed).toEqual([]);
    expect((result.definitions ?? []).filter((d) => d.source.file === cursorFile).map((d) => [d.name, d.enabled])).toEqual([['fs', false]]);
  });

  it('runs providers in HOST_IDS order whatever order they are passed in', async () => {
    await sb.write(join(sb.dataDir, 'servers.json'), { mcpServers: { x: { command: 'own' } } });
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { x: { command: 'cursor' } } });
    const result = await discoverServers(sb.ctx(), [cursorProvider, switchboardProvider]);
    expect(result.servers.map((s) => s.command)).toEqual(['own']);
  });

  it('keeps Claude Code local > project > user, and a higher host above all of them', async () => {
    await sb.write(join(sb.home, '.claude.json'), {
      mcpServers: { s: { command: 'user' }, u: { command: 'user-u' } },
      projects: { [sb.project]: { mcpServers: { s: { command: 'local' } } } },
    });
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { s: { command: 'project' }, p: { command: 'project-p' }, u: { command: 'project-u' } } });
    await sb.write(join(sb.home, '.xcsh', 'mcp.json'), { mcpServers: { p: { command: 'xcsh-p' } } });
    const result = await discoverServers(sb.ctx());
    expect(Object.fromEntries(result.servers.map((s) => [s.name, s.command]))).toEqual({ p: 'xcsh-p', s: 'local', u: 'project-u' });
    expect(result.shadowed.map((e) => [e.definition.name, e.definition.command, e.shadowedBy.scope])).toEqual([
      ['s', 'project', 'local'],
      ['p', 'project-p', 'user'],
      ['s', 'user', 'local'],
      ['u', 'user-u', 'project'],
    ]);
  });

  it('gives .mcp.json to Claude Code; the fallback reads only an unclaimed mcp.json', async () => {
    const dot = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { a: { command: 'a' } } });
    const plain = await sb.write(join(sb.project, 'mcp.json'), { mcpServers: { b: { command: 'b' } } });
    const result = await discoverServers(sb.ctx());
    expect(result.servers.map((s) => [s.name, s.source.host])).toEqual([
      ['a', 'claude-code'],
      ['b', 'mcp-json'],
    ]);
    expect(result.shadowed).toEqual([]);
    expect(result.files.filter((f) => f.path === dot).map((f) => f.host)).toEqual(['claude-code']);
    expect(result.files.filter((f) => f.path === plain).map((f) => f.host)).toEqual(['mcp-json']);
    expect(result.projectFiles.sort()).toEqual([dot, plain].sort());
  });

  it('reads one physical file once, by the highest provider (realpath)', async () => {
    const real = await sb.write(join(sb.project, '.xcsh', 'mcp.json'), { mcpServers: { shared: { command: 'x' } } });
    await symlink(real, join(sb.project, 'mcp.json'));
    const result = await discoverServers(sb.ctx());
    expect(result.servers.map((s) => [s.name, s.source.host])).toEqual([['shared', 'xcsh']]);
    expect(result.shadowed).toEqual([]);
  });

  it('lists project files of an untrusted folder but does not expand them', async () => {
    await sb.write(join(sb.project, '.cursor', 'mcp.json'), { mcpServers: { p: { command: '${env:BIN}' } } });
    const result = await discoverServers(sb.ctx({ projectTrusted: false, env: { BIN: '/usr/bin/x' } }));
    expect(result.servers[0]).toMatchObject({ name: 'p', command: '${env:BIN}', unresolved: [], source: { scope: 'project' } });
    expect(result.projectFiles).toEqual([join(sb.project, '.cursor', 'mcp.json')]);
  });

  it('collects warnings from every source and still loads the rest', async () => {
    await sb.write(join(sb.dataDir, 'servers.json'), '{"mcpServers": {"bad": {"command": "x", "url": "http://y"}}}');
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), '{ not json at all');
    await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), { mcpServers: [{ name: 'c', command: 'c', enabled: true }] });
    const result = await discoverServers(sb.ctx());
    expect(result.servers.map((s) => s.name)).toEqual(['c']);
    expect(result.warnings.some((w) => w.message.startsWith('Invalid server config:') && w.line === 1)).toBe(true);
    expect(result.warnings.some((w) => w.file === join(sb.home, '.cursor', 'mcp.json') && w.message.startsWith('Malformed JSON'))).toBe(true);
  });

  it('turns a provider that throws into a warning', async () => {
    const broken: ConfigProvider = {
      host: 'zed',
      candidateFiles: () => [{ host: 'zed', path: '/nowhere/settings.json', scope: 'user', exists: false }],
      load: () => Promise.reject(new Error('boom')),
    };
    const result = await discoverServers(sb.ctx(), [broken]);
    expect(result.warnings).toEqual([{ file: '/nowhere/settings.json', ...warningCode('provider-failed'), message: 'Reading zed config failed: boom' }]);
    // Named by the file that exists, not the first candidate (Gemini's /etc file in a "break it" trial).
    const second: ConfigProvider = {
      host: 'gemini',
      candidateFiles: () => [
        { host: 'gemini', path: '/etc/gemini-cli/settings.json', scope: 'managed', exists: false },
        { host: 'gemini', path: '/home/me/.gemini/settings.json', scope: 'user', exists: true },
      ],
      load: () => Promise.reject(new Error('boom')),
    };
    expect((await discoverServers(sb.ctx(), [second])).warnings.map((w) => w.file)).toEqual(['/home/me/.gemini/settings.json']);
  });

  it('returns every candidate file, existing or not, for watching', async () => {
    const result = await discoverServers(sb.ctx());
    expect(result.servers).toEqual([]);
    expect(result.files.every((f) => f.exists === false)).toBe(true);
    expect(result.files.map((f) => f.path)).toContain(join(sb.dataDir, 'servers.json'));
    expect(result.files.map((f) => f.path)).toContain(join(sb.home, '.claude.json'));
  });
});
