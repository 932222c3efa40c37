/**
 * The per-host view applies only that host's files and precedence (issue 14 item 4), on real files
 * in a temp HOME: Claude Desktop's own server is never "shadowed" by Cursor's file (Claude Desktop
 * does not read it) — it is "also defined in …"; a host's own earlier file still shadows; a file
 * two hosts read (a symlink, claimed once by the higher provider) counts in both hosts' views.
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { hostViewJson, loadHostView } from './host-view.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

const desktopFile = (s: Sandbox) => join(s.home, '.config', 'Claude', 'claude_desktop_config.json');

describe('per-host view: only the host’s own files', () => {
  it("Claude Desktop's server is active, also defined in Cursor's file — not shadowed by it", async () => {
    const desktop = await sb.write(desktopFile(sb), { mcpServers: { weather: { command: 'desktop-weather' } } });
    const cursor = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { weather: { command: 'cursor-weather' } } });
    const ctx = sb.ctx();
    const result = await discoverServers(ctx);
    // The connected set: Cursor (rank 6) wins over Claude Desktop (rank 10) — that stays so.
    expect(result.shadowed.map((s) => [s.definition.source.host, s.shadowedBy.host])).toEqual([['claude-desktop', 'cursor']]);

    const view = hostViewJson(await loadHostView(result, 'claude-desktop', ctx), result, ctx);
    expect(view.entries).toHaveLength(1);
    const row = view.entries[0];
    assert.exists(row);
    expect(row).toMatchObject({ loaded: true, state: 'active', server: { name: 'weather', command: 'desktop-weather' } });
    expect(row.overriddenBy).toBeUndefined();
    expect(row.alsoDefinedIn).toEqual([expect.objectContaining({ host: 'cursor', file: cursor, line: 3 })]);
    expect(row.stateText).toBe(`active · also defined in Cursor (user) ${cursor}:3 (Switchboard runs that one)`);
    expect(row.stateText).not.toContain('shadowed');

    const cursorView = hostViewJson(await loadHostView(result, 'cursor', ctx), result, ctx);
    expect(cursorView.entries[0]).toMatchObject({ state: 'active', stateText: `active · also defined in Claude Desktop (user) ${desktop}:3` });
  });

  it("a host's own earlier file still shadows (Cursor: project over user), named with this host's file", async () => {
    const proj = await sb.write(join(sb.project, '.cursor', 'mcp.json'), { mcpServers: { s: { command: 'p' } } });
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { s: { command: 'u' } } });
    const ctx = sb.ctx();
    const result = await discoverServers(ctx);
    const view = hostViewJson(await loadHostView(result, 'cursor', ctx), result, ctx);
    expect(view.entries.map((e) => [e.server.command, e.state, e.stateText])).toEqual([
      ['p', 'active', 'active'],
      ['u', 'shadowed', `shadowed by Cursor (project) ${proj}:3`],
    ]);
  });

  it('a file two hosts read (Cursor symlinked to Claude Desktop) is in both views, under each host', async () => {
    const desktop = await sb.write(desktopFile(sb), { mcpServers: { fs: { command: 'node', args: ['fs.js'] } } });
    await sb.write(join(sb.home, '.cursor', 'placeholder'), '');
    await symlink(desktop, join(sb.home, '.cursor', 'mcp.json'));
    const ctx = sb.ctx();
    const result = await discoverServers(ctx);
    // Discovery reads the physical file once, as Cursor's (the higher provider).
    expect(result.servers.map((s) => [s.name, s.source.host])).toEqual([['fs', 'cursor']]);
    const view = hostViewJson(await loadHostView(result, 'claude-desktop', ctx), result, ctx);
    expect(view.files.filter((f) => f.exists).map((f) => f.path)).toEqual([desktop]);
    expect(view.entries.map((e) => [e.server.name, e.server.source.host, e.loaded, e.state])).toEqual([['fs', 'claude-desktop', true, 'active']]);
  });

  it("the root mcp.json fallback lists only files no host claims: a project's .mcp.json is Claude Code's, not listed twice", async () => {
    // Failing input: the fallback's view re-read .mcp.json (Claude Code's project file) as its own.
    const claude = await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { shared: { command: 'claude-shared' } } });
    const root = await sb.write(join(sb.project, 'mcp.json'), { mcpServers: { loose: { command: 'loose' } } });
    const ctx = sb.ctx();
    const result = await discoverServers(ctx);
    const fallback = hostViewJson(await loadHostView(result, 'mcp-json', ctx), result, ctx);
    expect(fallback.files.filter((f) => f.exists).map((f) => f.path)).toEqual([root]);
    expect(fallback.entries.map((e) => [e.server.name, e.server.source.file])).toEqual([['loose', root]]);
    const claudeView = hostViewJson(await loadHostView(result, 'claude-code', ctx), result, ctx);
    expect(claudeView.entries.map((e) => [e.server.name, e.server.source.file])).toEqual([['shared', claude]]);
  });
});

describe('per-host view: a file nothing was read from is an error, never fine with no servers (issue 27 item 9)', () => {
  it('a TOML and a YAML syntax error carry line and column; servers under the wrong key say which key the host reads', async () => {
    const codex = await sb.write(join(sb.home, '.codex', 'config.toml'), '[mcp_servers.a]\ncommand = "node"\nargs = ["x",\n');
    const goose = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), 'extensions:\n  a:\n    cmd: node\n   type: stdio\n');
    const vscode = await sb.write(join(sb.project, '.vscode', 'mcp.json'), { mcpServers: { a: { command: 'node' } } });
    const ctx = sb.ctx();
    const result = await discoverServers(ctx);
    const fileOf = async (host: 'codex' | 'goose' | 'vscode', path: string) =>
      hostViewJson(await loadHostView(result, host, ctx), result, ctx).files.find((f) => f.path === path);
    const codexFile = await fileOf('codex', codex);
    expect(codexFile).toMatchObject({ exists: true, error: { line: 4, column: 1 } });
    expect(codexFile?.error?.message).toMatch(/^Malformed TOML: /);
    const gooseFile = await fileOf('goose', goose);
    expect(gooseFile).toMatchObject({ exists: true, error: { line: 4, column: 1 } });
    expect(gooseFile?.error?.message).toMatch(/^Malformed YAML: /);
    expect(await fileOf('vscode', vscode)).toEqual({
      path: vscode, scope: 'project', exists: true,
      error: { line: 2, column: 3, message: 'No servers read from this file: VS Code reads its servers from "servers", but this file has 1 server under "mcpServers" (move them under "servers")' },
    });
  });
});
