/**
 * Bad input across formats (issue #3 "Bad input"): a BOM, CRLF, a folder where a file should be,
 * an unreadable file, a symlink, wrong types, zero servers — each is a warning with file and
 * position (or nothing to say), nothing else is lost, discovery never throws. Also: project files of
 * every host count for workspace trust.
 */
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desiredState } from '../facade/snapshot.js';
import { discoverServers } from './discovery.js';
import { hostView } from './host-view.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

describe('bad input', () => {
  it('BOM + CRLF in YAML and TOML read fine; a folder and an unreadable file are warnings; the rest still loads', async () => {
    await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), '\uFEFFextensions:\r\n  g:\r\n    cmd: node\r\n    type: stdio\r\n');
    await sb.write(join(sb.home, '.codex', 'config.toml'), '\uFEFF[mcp_servers.c]\r\ncommand = "node"\r\n');
    await mkdir(join(sb.home, '.cursor', 'mcp.json'), { recursive: true });
    const unreadable = await sb.write(join(sb.home, '.lmstudio', 'mcp.json'), { mcpServers: { l: { command: 'x' } } });
    await chmod(unreadable, 0o000);
    const asRoot = process.getuid?.() === 0; // root reads anything: then the file simply loads
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name).sort()).toEqual(asRoot ? ['c', 'g', 'l'] : ['c', 'g']);
    expect(out.warnings.some((w) => w.file === join(sb.home, '.cursor', 'mcp.json') && w.message === `Cannot read config file: ${join(sb.home, '.cursor', 'mcp.json')} is a folder, not a file`)).toBe(true);
    if (!asRoot) expect(out.warnings.some((w) => w.file === unreadable && /Cannot read config file: .*EACCES/.test(w.message))).toBe(true);
  });

  it('wrong types: a list where a map belongs, a string server, zero servers; a symlinked file is read once', async () => {
    await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: ['not', 'a', 'map'] });
    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { s: 'nope', ok: { command: 'x' } } });
    await sb.write(join(sb.home, '.config', 'zed', 'settings.json'), '{ "context_servers": {} }');
    const real = await sb.write(join(sb.root, 'shared.json'), { mcpServers: { linked: { command: 'y' } } });
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    await symlink(real, join(sb.home, '.cursor', 'mcp.json'));
    await mkdir(join(sb.home, '.lmstudio'), { recursive: true });
    await symlink(real, join(sb.home, '.lmstudio', 'mcp.json'));
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => [s.name, s.source.host])).toEqual([['linked', 'cursor'], ['ok', 'windsurf']]);
    expect(out.shadowed).toEqual([]);
    expect(out.warnings.map((w) => [w.file.split('/').slice(-2).join('/'), w.line, w.message])).toEqual([
      ['.gemini/settings.json', 2, '"mcpServers" must be an object of servers, got array'],
      ['windsurf/mcp_config.json', 3, 'Server "s": entry must be an object, got string'],
    ]);
  });
});

describe('workspace trust covers every host\'s project files', () => {
  it('lists each project file and marks every project server untrusted until the folder is trusted', async () => {
    const p = sb.project;
    await sb.write(join(p, '.vscode', 'mcp.json'), { servers: { v: { type: 'stdio', command: 'v' } } });
    await sb.write(join(p, '.codex', 'config.toml'), '[mcp_servers.c]\ncommand = "c"\n');
    await sb.write(join(p, '.gemini', 'settings.json'), { mcpServers: { g: { command: 'g' } } });
    await sb.write(join(p, '.roo', 'mcp.json'), { mcpServers: { r: { command: 'r' } } });
    await sb.write(join(p, '.zed', 'settings.json'), { context_servers: { z: { command: 'z' } } });
    await sb.write(join(p, '.windsurf', 'mcp_config.json'), { mcpServers: { w: { command: 'w' } } });
    await sb.write(join(p, '.continue', 'mcpServers', 'x.yaml'), 'name: x\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: cx\n    command: cx\n');
    const out = await discoverServers(sb.ctx({ projectTrusted: false, env: { HOME: '/h' } }));
    expect(out.projectFiles.map((f) => f.slice(p.length + 1)).sort()).toEqual([
      '.codex/config.toml', '.continue/mcpServers/x.yaml', '.gemini/settings.json', '.roo/mcp.json', '.vscode/mcp.json', '.windsurf/mcp_config.json', '.zed/settings.json',
    ]);
    expect(out.servers.map((s) => desiredState(s, false))).toEqual(Array(7).fill('untrusted'));
    expect(out.servers.map((s) => desiredState(s, true))).toEqual(Array(7).fill('run'));
  });
});

describe('per-host view', () => {
  it("Codex's project file counts only when the user config trusts the folder", async () => {
    await sb.write(join(sb.project, '.codex', 'config.toml'), '[mcp_servers.p]\ncommand = "p"\n');
    await sb.write(join(sb.home, '.codex', 'config.toml'), '[mcp_servers.p]\ncommand = "user-p"\n');
    let view = hostView(await discoverServers(sb.ctx()), 'codex', sb.ctx());
    expect(view.entries.map((e) => [e.definition.command, e.loaded])).toEqual([['p', false], ['user-p', true]]);
    await sb.write(join(sb.home, '.codex', 'config.toml'), `[mcp_servers.p]\ncommand = "user-p"\n\n[projects.${JSON.stringify(sb.project)}]\ntrust_level = "trusted"\n`);
    view = hostView(await discoverServers(sb.ctx()), 'codex', sb.ctx());
    expect(view.entries.map((e) => [e.definition.command, e.loaded, e.overriddenBy?.scope])).toEqual([['p', true, undefined], ['user-p', false, 'project']]);
  });

  it('Claude Code: local > project > user, each later one overridden', async () => {
    await sb.write(join(sb.home, '.claude.json'), { mcpServers: { s: { command: 'user' } }, projects: { [sb.project]: { mcpServers: { s: { command: 'local' } } } } });
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { s: { command: 'project' } } });
    const view = hostView(await discoverServers(sb.ctx()), 'claude-code', sb.ctx());
    expect(view.entries.map((e) => [e.definition.command, e.loaded])).toEqual([['local', true], ['project', false], ['user', false]]);
  });
});
