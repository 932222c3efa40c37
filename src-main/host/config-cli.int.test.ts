/**
 * The config verbs as a real child process on a machine with files from five hosts (issue #3
 * "Done when"): every server once with the right transport, launch, enabled state and provenance;
 * shadowed duplicates visible; each host's own view; add/edit/remove/enable/disable keep comments
 * and unknown keys; import/export between hosts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryReport } from './cli/format.js';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';
import type { HostView } from '../../src-shared/api/config.js';

let world: TempWorld;
let files: Record<'cursor' | 'codex' | 'goose' | 'gemini' | 'zed', string>;

const CURSOR = `{
  // personal servers
  "mcpServers": {
    "fs": { "command": "node", "args": ["fs.js"], "tools": ["made-up"] },
    "shared": { "url": "https://cursor.example/mcp" }
  }
}
`;
const CODEX = `# codex
model = "o3"

[mcp_servers.shared]
command = "codex-shared"

[mcp_servers.docs]
url = "https://docs.example/mcp"
bearer_token_env_var = "DOCS_TOKEN"
`;
const GOOSE = `extensions:
  fetch:
    cmd: uvx  # runner
    args: [mcp-server-fetch]
    enabled: true
    type: stdio
    timeout: 30
`;

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

beforeAll(() => {
  world = makeWorld();
  files = {
    cursor: write(join(world.home, '.cursor', 'mcp.json'), CURSOR),
    codex: write(join(world.home, '.codex', 'config.toml'), CODEX),
    goose: write(join(world.xdgConfig, 'goose', 'config.yaml'), GOOSE),
    gemini: write(join(world.home, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { gem: { url: 'https://gem.example/sse' } } }, null, 2)),
    zed: write(join(world.xdgConfig, 'zed', 'settings.json'), '{\n  // zed\n  "context_servers": {\n    "zz": { "command": "zed-srv", "enabled": false },\n  },\n}\n'),
  };
});
afterAll(() => world.cleanup());

describe('switchboard servers over five hosts', () => {
  it('lists every server once with transport, launch, enabled state and provenance; shadowed duplicates shown', async () => {
    const run = await runSwitchboard(world, ['servers', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as DiscoveryReport;
    const row = (n: string) => report.servers.find((s) => s.name === n);
    expect(report.servers.map((s) => s.name).sort()).toEqual(['docs', 'fetch', 'fs', 'gem', 'shared', 'zz']);
    expect(row('shared')).toMatchObject({ transport: 'stdio', command: 'codex-shared', source: { host: 'codex', file: files.codex, line: 4 } });
    expect(row('docs')).toMatchObject({ transport: 'http', url: 'https://docs.example/mcp', headerKeys: ['Authorization'], unresolved: ['DOCS_TOKEN'] });
    expect(row('gem')).toMatchObject({ transport: 'sse', source: { host: 'gemini' } });
    expect(row('fetch')).toMatchObject({ transport: 'stdio', command: 'uvx', timeoutMs: 30_000, source: { host: 'goose', line: 2 } });
    expect(row('zz')).toMatchObject({ enabled: false, source: { host: 'zed' } });
    expect(row('fs')).toMatchObject({ command: 'node', args: ['fs.js'], source: { host: 'cursor', scope: 'user' } });
    expect(report.shadowed).toEqual([expect.objectContaining({ server: expect.objectContaining({ name: 'shared', url: 'https://cursor.example/mcp' }), shadowedBy: expect.objectContaining({ host: 'codex' }) })]);
  });

  it('--host cursor shows what Cursor itself loads (its shared, not Codex\'s)', async () => {
    const run = await runSwitchboard(world, ['servers', '--host', 'cursor', '--json']);
    const view = JSON.parse(run.stdout) as HostView;
    expect(view.entries.map((e) => [e.server.name, e.loaded, e.server.url ?? e.server.command])).toEqual([
      ['fs', true, 'node'],
      ['shared', true, 'https://cursor.example/mcp'],
    ]);
    const text = await runSwitchboard(world, ['servers', '--host', 'cursor']);
    expect(text.stdout).toContain(`✓ ${files.cursor}`);
  });
});

describe('config verbs', () => {
  it('quick add: argument errors use the documented words (docs/operator-verbs.md#error-strings)', async () => {
    const both = await runSwitchboard(world, ['add', 'x', '--url', 'https://x', '--', 'node']);
    expect(both.code).toBe(64);
    expect(both.stderr).toContain('Use either --url or -- <command...>, not both.');
    const token = await runSwitchboard(world, ['add', 'x', '--token', 't', '--', 'node']);
    expect(token.stderr).toContain('--token requires --url (HTTP/SSE transport).');
    const dup = await runSwitchboard(world, ['add', 'fs', '--host', 'cursor', '--', 'node']);
    expect(dup.code).toBe(64);
    expect(dup.stderr).toContain(`Server "fs" already exists in ${files.cursor}`);
    const bad = await runSwitchboard(world, ['add', 'bad name', '--', 'node']);
    expect(bad.stderr).toMatch(/^Invalid server config: server name may only/);
    expect(bad.code).toBe(64);
  });

  it('add to Cursor, edit, disable (Switchboard only), remove: comments and unknown keys kept, file back to its bytes', async () => {
    const add = await runSwitchboard(world, ['add', 'new', '--host', 'cursor', '--env', 'A=1', '--', 'node', 'new.js']);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain(`Added "new" in ${files.cursor}`);
    const added = readFileSync(files.cursor, 'utf8');
    expect(added).toContain('// personal servers');
    expect(added).toContain('"tools": ["made-up"]');
    const edit = await runSwitchboard(world, ['edit', 'new', '--env', 'A=2']);
    expect(edit.code).toBe(0);
    expect(readFileSync(files.cursor, 'utf8')).toBe(added.replace('"A": "1"', '"A": "2"'));
    const off = await runSwitchboard(world, ['disable', 'new']);
    expect(off.stdout).toContain('Disabled "new" in Switchboard only');
    expect(off.stdout).toContain('Cursor has no enable flag in its file');
    const listed = JSON.parse((await runSwitchboard(world, ['servers', '--json'])).stdout) as DiscoveryReport;
    expect(listed.servers.find((s) => s.name === 'new')?.enabled).toBe(false);
    const rm = await runSwitchboard(world, ['rm', 'new']);
    expect(rm.code).toBe(0);
    expect(readFileSync(files.cursor, 'utf8')).toBe(CURSOR);
  });

  it('disable/enable a Codex server edits its TOML by one line and back', async () => {
    const off = await runSwitchboard(world, ['disable', 'docs']);
    expect(off.code).toBe(0);
    // The verb says it; the field written (`enabled`) after it read as a contradiction (issue 32 trial).
    expect(off.stdout).toBe(`Disabled "docs" in ${files.codex}\n`);
    expect(readFileSync(files.codex, 'utf8')).toBe(CODEX.replace('bearer_token_env_var = "DOCS_TOKEN"\n', 'bearer_token_env_var = "DOCS_TOKEN"\nenabled = false\n'));
    expect((await runSwitchboard(world, ['enable', 'docs'])).code).toBe(0);
    expect(readFileSync(files.codex, 'utf8')).toBe(CODEX);
  });

  it('export Cursor → Claude Desktop and goose → Codex, translating shape and units', async () => {
    const out = await runSwitchboard(world, ['export', 'fs', '--to', 'claude-desktop']);
    expect(out.code).toBe(0);
    const desktop = join(world.xdgConfig, 'Claude', 'claude_desktop_config.json');
    expect(JSON.parse(readFileSync(desktop, 'utf8'))).toEqual({ mcpServers: { fs: { command: 'node', args: ['fs.js'], tools: ['made-up'] } } });
    const toCodex = await runSwitchboard(world, ['export', 'fetch', '--to', 'codex']);
    expect(toCodex.code).toBe(0);
    expect(readFileSync(files.codex, 'utf8')).toBe(`${CODEX}\n[mcp_servers.fetch]\ncommand = "uvx"\nargs = ["mcp-server-fetch"]\nstartup_timeout_sec = 30\n`);
  });
});
