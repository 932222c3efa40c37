/**
 * Issue 27 item 9, over all 17 hosts: an entry that carries both launch fields (`command` and a
 * url) is read the way its own host reads it (docs/host-formats.md "Both launch fields"). Hosts
 * that pick one keep the entry, keep the other field as written and warn naming it; hosts that
 * refuse the mix (Roo Code, xcsh, Codex, Switchboard's own file) refuse it, saying why. Real files
 * in a temp HOME through each host's own provider.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import type { HostId } from '../../../src-shared/config/server.js';
import { updateServerInFile } from './config-writer.js';
import { HOST_SHAPES } from './host-shapes.js';
import { CONFIG_PROVIDERS } from './providers/index.js';
import { HOST_RULES } from './providers/host-rules.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

/** `host`'s servers and warnings, read from the sandbox through the host's own provider. */
async function loadHost(host: HostId) {
  const provider = CONFIG_PROVIDERS.find((p) => p.host === host);
  assert.exists(provider, `no provider for ${host}`);
  return provider.load(sb.ctx(), new Set());
}

const URL = 'http://127.0.0.1:9/mcp';
type Entry = Record<string, unknown>;
const map = (key: string) => (e: Entry): object => ({ [key]: { both: e } });
const stdioBoth: Entry = { command: 'node', args: ['server.js'], url: URL };

/** What the host makes of the entry: the transport and launch value it runs, the field it ignores and the warning; or refused. */
type Expected = { transport: 'stdio' | 'http' | 'sse'; runs: Entry; ignored: string; warning: string } | { refused: string };

interface Row {
  host: HostId;
  file(sb: Sandbox): string;
  content(e: Entry): object | string;
  entry: Entry;
  expected: Expected;
}

const IGNORED_URL_STDIO_DEFAULT = (host: string): string => `"url" is ignored: ${host} runs a stdio server from "command" (type stdio, the default)`;
const GUESS = (host: string): string => `"url" is ignored: ${host}'s documentation does not say which field wins when both are set; Switchboard runs a stdio server from "command" (type stdio, the default)`;
const REFUSED = 'Invalid server config: set either "command" (stdio) or "url" (http/sse), not both (server "both")';
const code = (sb: Sandbox): string => join(sb.home, '.config', 'Code', 'User');

const ROWS: Row[] = [
  { host: 'switchboard', file: (s) => join(s.dataDir, 'servers.json'), content: map('mcpServers'), entry: stdioBoth, expected: { refused: REFUSED } },
  { host: 'xcsh', file: (s) => join(s.home, '.xcsh', 'agent', 'mcp.json'), content: map('mcpServers'), entry: stdioBoth, expected: { refused: REFUSED } },
  {
    host: 'claude-code', file: (s) => join(s.home, '.claude.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: IGNORED_URL_STDIO_DEFAULT('Claude Code') },
  },
  {
    host: 'codex', file: (s) => join(s.home, '.codex', 'config.toml'),
    content: () => `[mcp_servers.both]\ncommand = "node"\nargs = ["server.js"]\nurl = "${URL}"\n`, entry: stdioBoth, expected: { refused: REFUSED },
  },
  {
    host: 'gemini', file: (s) => join(s.home, '.gemini', 'settings.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'sse', runs: { url: URL }, ignored: 'command', warning: '"command" is ignored: Gemini CLI connects to "url" (sse) when an entry has both' },
  },
  {
    host: 'cursor', file: (s) => join(s.home, '.cursor', 'mcp.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: GUESS('Cursor') },
  },
  {
    host: 'windsurf', file: (s) => join(s.home, '.codeium', 'windsurf', 'mcp_config.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: GUESS('Windsurf') },
  },
  {
    host: 'cline', file: (s) => join(code(s), 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: IGNORED_URL_STDIO_DEFAULT('Cline') },
  },
  {
    host: 'roo', file: (s) => join(code(s), 'globalStorage', 'rooveterinaryinc.roo-cline', 'settings', 'mcp_settings.json'), content: map('mcpServers'),
    entry: { type: 'stdio', ...stdioBoth }, expected: { refused: REFUSED },
  },
  {
    host: 'claude-desktop', file: (s) => join(s.home, '.config', 'Claude', 'claude_desktop_config.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: IGNORED_URL_STDIO_DEFAULT('Claude Desktop') },
  },
  {
    host: 'zed', file: (s) => join(s.home, '.config', 'zed', 'settings.json'), content: map('context_servers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: '"url" is ignored: Zed reads an entry with "command" as a stdio server' },
  },
  {
    host: 'vscode', file: (s) => join(code(s), 'mcp.json'), content: map('servers'), entry: { type: 'stdio', ...stdioBoth },
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: '"url" is ignored: VS Code runs a stdio server from "command" (type stdio)' },
  },
  {
    host: 'goose', file: (s) => join(s.home, '.config', 'goose', 'config.yaml'), content: map('extensions'),
    entry: { type: 'stdio', cmd: 'node', args: ['server.js'], uri: URL },
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'uri', warning: '"uri" is ignored: goose runs a stdio server from "cmd" (type stdio)' },
  },
  {
    host: 'continue', file: (s) => join(s.home, '.continue', 'config.yaml'), content: (e) => ({ mcpServers: [{ name: 'both', ...e }] }),
    entry: { type: 'stdio', ...stdioBoth },
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: '"url" is ignored: Continue runs a stdio server from "command" (type stdio)' },
  },
  {
    host: 'lmstudio', file: (s) => join(s.home, '.lmstudio', 'mcp.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: GUESS('LM Studio') },
  },
  {
    host: 'chatcli', file: (s) => join(s.home, '.chatcli', 'mcp_servers.json'), content: (e) => ({ mcpServers: [{ name: 'both', enabled: true, ...e }] }),
    entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: '"url" is ignored: ChatCLI runs a stdio server from "command" (transport stdio, the default)' },
  },
  {
    host: 'mcp-json', file: (s) => join(s.project, 'mcp.json'), content: map('mcpServers'), entry: stdioBoth,
    expected: { transport: 'stdio', runs: { command: 'node' }, ignored: 'url', warning: IGNORED_URL_STDIO_DEFAULT('mcp.json (fallback)') },
  },
];

describe('an entry with both launch fields, host by host', () => {
  it('covers every host', () => {
    expect(ROWS.map((r) => r.host).sort()).toEqual(Object.keys(HOST_RULES).sort());
  });

  it.each(ROWS)('$host', async ({ host, file, content, entry, expected }) => {
    const path = await sb.write(file(sb), content(entry));
    const out = await loadHost(host);
    const both = out.servers.find((s) => s.name === 'both');
    const messages = out.warnings.filter((w) => w.file === path).map((w) => w.message);
    if ('refused' in expected) {
      expect(both).toBeUndefined();
      expect(messages).toEqual([expected.refused]);
      return;
    }
    expect(both).toMatchObject({ transport: expected.transport, ...expected.runs, extensions: { [expected.ignored]: entry[expected.ignored] } });
    assert.exists(both);
    expect(both[expected.transport === 'stdio' ? 'url' : 'command']).toBeUndefined();
    expect(messages).toEqual([`Server "both": ${expected.warning}`]);
  });
});

describe('two url fields (Gemini httpUrl and url, Windsurf serverUrl and url)', () => {
  it('Gemini connects to httpUrl (Streamable HTTP) and ignores url, saying so', async () => {
    const path = await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: { two: { httpUrl: 'http://127.0.0.1:9/http', url: 'http://127.0.0.1:9/sse' } } });
    const out = await loadHost('gemini');
    expect(out.servers.find((s) => s.name === 'two')).toMatchObject({ transport: 'http', url: 'http://127.0.0.1:9/http', extensions: { url: 'http://127.0.0.1:9/sse' } });
    expect(out.warnings.filter((w) => w.file === path).map((w) => w.message)).toEqual(['Server "two": "url" is ignored: Gemini CLI uses "httpUrl" when both are set']);
  });

  it('Windsurf connects to serverUrl, its own key, and ignores url, saying so', async () => {
    const path = await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { two: { serverUrl: 'http://127.0.0.1:9/a', url: 'http://127.0.0.1:9/b' } } });
    const out = await loadHost('windsurf');
    expect(out.servers.find((s) => s.name === 'two')).toMatchObject({ url: 'http://127.0.0.1:9/a', extensions: { url: 'http://127.0.0.1:9/b' } });
    expect(out.warnings.filter((w) => w.file === path).map((w) => w.message)).toEqual(['Server "two": "url" is ignored: Windsurf uses "serverUrl" when both are set']);
  });
});

describe('the ignored field on a copy to another host', () => {
  it('is not carried: Roo Code, xcsh and goose get the launch the source host runs, nothing they would refuse', async () => {
    await sb.write(join(sb.home, '.claude.json'), { mcpServers: { both: stdioBoth } });
    const out = await loadHost('claude-code');
    const server = out.servers.find((s) => s.name === 'both');
    assert.exists(server);
    expect(server.extensions).toEqual({ url: URL });
    expect(HOST_SHAPES.roo.toHost(server).entry).toEqual({ type: 'stdio', command: 'node', args: ['server.js'] });
    expect(HOST_SHAPES.xcsh.toHost(server).entry).toMatchObject({ command: 'node', args: ['server.js'] });
    expect(HOST_SHAPES.xcsh.toHost(server).entry).not.toHaveProperty('url');
    expect(HOST_SHAPES.goose.toHost(server).entry).toMatchObject({ type: 'stdio', cmd: 'node' });
    expect(HOST_SHAPES.goose.toHost(server).entry).not.toHaveProperty('url');
  });
});

describe('the ignored field in its own file', () => {
  it('stays as written when the entry is edited', async () => {
    const file = await sb.write(join(sb.home, '.claude.json'), { mcpServers: { both: stdioBoth } });
    await updateServerInFile({ host: 'claude-code', file, scope: 'user' }, 'both', { args: ['server.js', '--verbose'] }, sb.ctx());
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ mcpServers: { both: { command: 'node', args: ['server.js', '--verbose'], url: URL } } });
  });
});
