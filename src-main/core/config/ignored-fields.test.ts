/**
 * Issue 27 item 9: nothing configured vanishes without a word. Real files in a temp HOME, through
 * real discovery. An entry its own host accepts is kept when it carries the other transport's launch
 * field, which that host ignores — with a warning naming the ignored field — while a host that
 * refuses the mix (Roo Code) still refuses it.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

describe('a launch field the host ignores for its transport', () => {
  it('Claude Code: a stdio entry with a url runs from command; an http entry with a command runs from url; each warns', async () => {
    const file = await sb.write(join(sb.project, '.mcp.json'), {
      mcpServers: {
        local: { command: 'node', args: ['server.js'], url: 'https://old.example/mcp' },
        remote: { type: 'http', url: 'https://api.example/mcp', command: 'node' },
      },
    });
    const out = await discoverServers(sb.ctx());
    const local = out.servers.find((s) => s.name === 'local')!;
    expect(local).toMatchObject({ transport: 'stdio', command: 'node', args: ['server.js'], extensions: { url: 'https://old.example/mcp' } });
    expect(local.url).toBeUndefined();
    const remote = out.servers.find((s) => s.name === 'remote')!;
    expect(remote).toMatchObject({ transport: 'http', url: 'https://api.example/mcp', extensions: { command: 'node' } });
    expect(remote.command).toBeUndefined();
    expect(out.warnings.filter((w) => w.file === file)).toEqual([
      { file, line: 8, column: 7, server: 'local', ...warningCode('field-ignored'), message: 'Server "local": "url" is ignored: Claude Code runs a stdio server from "command" (type stdio, the default)' },
      { file, line: 13, column: 7, server: 'remote', ...warningCode('field-ignored'), message: 'Server "remote": "command" is ignored: Claude Code runs an http server from "url" (type http)' },
    ]);
  });

  it('Cline: a command with a url and no type is stdio, the url ignored', async () => {
    const file = await sb.write(join(sb.home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), {
      mcpServers: { both: { command: 'node', url: 'http://127.0.0.1:9/sse' } },
    });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.find((s) => s.name === 'both')).toMatchObject({ transport: 'stdio', command: 'node' });
    expect(out.warnings.filter((w) => w.file === file).map((w) => w.message)).toEqual(['Server "both": "url" is ignored: Cline runs a stdio server from "command" (type stdio, the default)']);
  });

  it('Roo Code refuses command with url itself: still refused, with the reason', async () => {
    const file = await sb.write(join(sb.project, '.roo', 'mcp.json'), { mcpServers: { mixed: { type: 'stdio', command: 'node', url: 'https://x.example/mcp' } } });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.find((s) => s.name === 'mixed')).toBeUndefined();
    expect(out.warnings.filter((w) => w.file === file).map((w) => w.message)).toEqual(['Invalid server config: set either "command" (stdio) or "url" (http/sse), not both (server "mixed")']);
  });
});

describe('servers outside the key the host reads', () => {
  it('a Claude-shaped file in VS Code, a .mcp.json with "servers" and a bare map in Cursor each say which key the host reads', async () => {
    const vscode = await sb.write(join(sb.project, '.vscode', 'mcp.json'), { mcpServers: { a: { command: 'node' }, b: { type: 'http', url: 'https://b.example/mcp' } } });
    const claude = await sb.write(join(sb.project, '.mcp.json'), { servers: { c: { command: 'node' } } });
    const cursor = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { d: { command: 'node' } });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name)).toEqual([]);
    expect(out.warnings.filter((w) => [vscode, claude, cursor].includes(w.file))).toEqual([
      { file: claude, line: 2, column: 3, ...warningCode('misplaced-servers'), message: 'No servers read from this file: Claude Code reads its servers from "mcpServers", but this file has 1 server under "servers" (move them under "mcpServers")' },
      { file: cursor, line: 1, column: 1, ...warningCode('misplaced-servers'), message: 'No servers read from this file: Cursor reads its servers from "mcpServers", but this file has 1 server at its top level (wrap them in {"mcpServers": …})' },
      { file: vscode, line: 2, column: 3, ...warningCode('misplaced-servers'), message: 'No servers read from this file: VS Code reads its servers from "servers", but this file has 2 servers under "mcpServers" (move them under "servers")' },
    ]);
  });

  it('Gemini CLI, xcsh, ChatCLI and a Continue drop-in say it too (their own readers, not the common map reader)', async () => {
    const gemini = await sb.write(join(sb.home, '.gemini', 'settings.json'), { theme: 'Default', servers: { a: { command: 'node' } } });
    const xcsh = await sb.write(join(sb.home, '.xcsh', 'agent', 'mcp.json'), { b: { command: 'node' }, c: { url: 'https://c.example/mcp' } });
    const chatcli = await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), { servers: [{ name: 'd', command: 'node', enabled: true }] });
    const dropIn = await sb.write(join(sb.project, '.continue', 'mcpServers', 'pasted.json'), { servers: { e: { command: 'node' } } });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name)).toEqual([]);
    const said = (file: string): string[] => out.warnings.filter((w) => w.file === file).map((w) => `${w.line}:${w.column} ${w.message}`);
    expect(said(gemini)).toEqual(['3:3 No servers read from this file: Gemini CLI reads its servers from "mcpServers", but this file has 1 server under "servers" (move them under "mcpServers")']);
    expect(said(xcsh)).toEqual(['1:1 No servers read from this file: xcsh reads its servers from "mcpServers", but this file has 2 servers at its top level (wrap them in {"mcpServers": …})']);
    expect(said(chatcli)).toEqual(['2:3 No servers read from this file: ChatCLI reads its servers from "mcpServers", but this file has 1 server under "servers" (move them under "mcpServers")']);
    expect(said(dropIn)).toEqual(['2:3 No servers read from this file: Continue reads its servers from "mcpServers", but this file has 1 server under "servers" (move them under "mcpServers")']);
  });

  it("a general settings file's other maps (Zed agent_servers) are not taken for misplaced servers", async () => {
    const file = await sb.write(join(sb.home, '.config', 'zed', 'settings.json'), { theme: 'One Dark', agent_servers: { x: { command: 'agent' } } });
    const out = await discoverServers(sb.ctx());
    expect(out.warnings.filter((w) => w.file === file)).toEqual([]);
  });
});
