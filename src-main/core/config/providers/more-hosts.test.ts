/** Real files in a temp HOME/project for each provider added in issue #3 (TOML, YAML, JSONC, per-OS paths). */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { clineProvider } from './cline.js';
import { codexProvider } from './codex.js';
import { continueProvider } from './continue.js';
import { geminiProvider } from './gemini.js';
import { gooseProvider } from './goose.js';
import { lmstudioProvider } from './lmstudio.js';
import { rooProvider } from './roo.js';
import { vscodeProvider } from './vscode.js';
import { windsurfProvider } from './windsurf.js';
import { zedProvider } from './zed.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

describe('codex provider (TOML)', () => {
  it('reads [mcp_servers.*] with positions, seconds → ms, env-var-name headers, unknown keys kept', async () => {
    const file = await sb.write(
      join(sb.home, '.codex', 'config.toml'),
      [
        '# my codex config',
        'model = "o3"',
        '',
        '[mcp_servers.docs]',
        'command = "npx" # the launcher',
        'args = ["-y", "docs-mcp"]',
        'env = { LOG = "1" }',
        'startup_timeout_sec = 20',
        'tool_timeout_sec = 90',
        'enabled_tools = ["search"]',
        '',
        '[mcp_servers.remote]',
        'url = "https://api.example.com/mcp"',
        'bearer_token_env_var = "API_TOKEN"',
        'enabled = false',
        '',
      ].join('\n'),
    );
    const out = await codexProvider.load(sb.ctx({ env: { API_TOKEN: 'tok' } }), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers).toHaveLength(2);
    expect(out.servers[0]).toMatchObject({
      name: 'docs', transport: 'stdio', command: 'npx', args: ['-y', 'docs-mcp'], env: { LOG: '1' }, timeout: 20_000,
      enabledTools: ['search'], enabled: true, extensions: { tool_timeout_sec: 90 },
      source: { host: 'codex', file, scope: 'user', line: 4, column: 1 },
    });
    expect(out.servers[1]).toMatchObject({
      name: 'remote', transport: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer tok' }, enabled: false,
      source: { line: 12 },
    });
  });

  it('honours $CODEX_HOME and flags an unset token variable', async () => {
    const home = join(sb.root, 'codexhome');
    await sb.write(join(home, 'config.toml'), '[mcp_servers.r]\nurl = "https://x/mcp"\nbearer_token_env_var = "NOPE"\n');
    const out = await codexProvider.load(sb.ctx({ env: { CODEX_HOME: home } }), new Set());
    expect(out.servers[0]).toMatchObject({ name: 'r', unresolved: ['NOPE'], headers: { Authorization: 'Bearer ${NOPE}' } });
  });

  it('malformed TOML is one warning with line and column; the app carries on', async () => {
    const file = await sb.write(join(sb.home, '.codex', 'config.toml'), '[mcp_servers.a]\ncommand = "x"\nargs = [\n');
    const out = await codexProvider.load(sb.ctx(), new Set());
    expect(out.servers).toEqual([]);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toMatchObject({ file, line: expect.any(Number) });
    expect(out.warnings[0]!.message).toMatch(/^Malformed TOML: /);
  });
});

describe('gemini provider', () => {
  it('url = SSE, httpUrl = HTTP, ms timeouts; project wins over user; mcp.excluded disables', async () => {
    await sb.write(join(sb.project, '.gemini', 'settings.json'), { mcpServers: { shared: { command: 'proj' } } });
    await sb.write(join(sb.home, '.gemini', 'settings.json'), {
      mcp: { excluded: ['off'] },
      mcpServers: {
        shared: { command: 'user' },
        sse: { url: 'https://s/sse', timeout: 5000, includeTools: ['a'] },
        http: { httpUrl: 'https://h/mcp', headers: { A: '${TOKEN}' } },
        off: { command: 'x' },
      },
    });
    const out = await geminiProvider.load(sb.ctx({ env: { TOKEN: 't' } }), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.transport, s.source.scope, s.enabled])).toEqual([
      ['shared', 'stdio', 'project', true],
      ['shared', 'stdio', 'user', true],
      ['sse', 'sse', 'user', true],
      ['http', 'http', 'user', true],
      ['off', 'stdio', 'user', false],
    ]);
    expect(out.servers[2]).toMatchObject({ url: 'https://s/sse', timeout: 5000, enabledTools: ['a'] });
    expect(out.servers[3]).toMatchObject({ url: 'https://h/mcp', headers: { A: 't' } });
  });
});

describe('windsurf, cline, roo, lmstudio', () => {
  it('windsurf: serverUrl, disabled, ${env:} expanded, ${file:} flagged', async () => {
    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), {
      mcpServers: {
        a: { serverUrl: 'https://w/mcp', headers: { K: '${env:K}', F: '${file:/secret}' }, registry: 'io.windsurf/a' },
        b: { command: 'x', disabled: true },
      },
    });
    const out = await windsurfProvider.load(sb.ctx({ env: { K: 'k' } }), new Set());
    expect(out.servers[0]).toMatchObject({ transport: 'http', url: 'https://w/mcp', headers: { K: 'k', F: '${file:/secret}' }, unresolved: ['file:/secret'], extensions: { registry: 'io.windsurf/a' } });
    expect(out.servers[1]).toMatchObject({ name: 'b', enabled: false });
  });

  it('cline (linux/mac/windows globalStorage): url-only = SSE, streamableHttp, seconds, alwaysAllow', async () => {
    for (const [platform, env, base] of [
      ['linux', {}, join(sb.home, '.config', 'Code', 'User')],
      ['darwin', {}, join(sb.home, 'Library', 'Application Support', 'Code', 'User')],
    ] as const) {
      const file = join(base, 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json');
      await sb.write(file, {
        mcpServers: {
          s: { url: 'https://c/sse', timeout: 30, alwaysAllow: ['t'] },
          h: { type: 'streamableHttp', url: 'https://c/mcp', disabled: true },
          l: { transportType: 'http', url: 'https://c/legacy' },
        },
      });
      const out = await clineProvider.load(sb.ctx({ platform, env }), new Set());
      expect(out.warnings).toEqual([]);
      expect(out.servers.map((s) => [s.name, s.transport, s.enabled, s.timeout, s.source.file])).toEqual([
        ['s', 'sse', true, 30_000, file],
        ['h', 'http', false, undefined, file],
        ['l', 'http', true, undefined, file],
      ]);
      expect(out.servers[0]!.autoApprove).toEqual(['t']);
    }
    const winBase = 'C:\\Users\\u\\AppData\\Roaming';
    const [cand] = clineProvider.candidateFiles(sb.ctx({ platform: 'win32', home: 'C:\\Users\\u', env: { APPDATA: winBase } }));
    expect(cand!.path).toBe(`${winBase}\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json`);
  });

  it('roo: project before global, a bare url is rejected with a warning', async () => {
    await sb.write(join(sb.project, '.roo', 'mcp.json'), { mcpServers: { p: { command: 'node', args: ['${workspaceFolder}/x.js'] }, bad: { url: 'https://r' } } });
    const out = await rooProvider.load(sb.ctx(), new Set());
    expect(out.servers.map((s) => s.name)).toEqual(['p']);
    expect(out.servers[0]!.args).toEqual([`${sb.project}/x.js`]);
    expect(out.warnings[0]!.message).toContain('Invalid server config: Roo Code needs "type"');
  });

  it('lmstudio: Cursor notation, url = http', async () => {
    await sb.write(join(sb.home, '.lmstudio', 'mcp.json'), { mcpServers: { r: { url: 'https://l/mcp', headers: { A: 'b' } } } });
    const out = await lmstudioProvider.load(sb.ctx(), new Set());
    expect(out.servers[0]).toMatchObject({ name: 'r', transport: 'http', source: { host: 'lmstudio', scope: 'user' } });
  });
});

describe('zed provider (JSONC)', () => {
  it('reads current, "source":"custom" and "command":{path} shapes; notes extension servers; seconds', async () => {
    const text = `// Zed settings
{
  "theme": "One Dark",
  "context_servers": {
    "a": { "command": "node", "args": ["a.js"], "timeout": 10, },
    "b": { "source": "custom", "command": { "path": "b", "args": ["1"], "env": { "X": "y" } } },
    "c": { "url": "https://z/mcp", "headers": { "A": "b" }, "enabled": false },
    "ext": { "source": "extension", "settings": {} },
  },
}
`;
    await sb.write(join(sb.home, '.config', 'zed', 'settings.json'), text);
    const out = await zedProvider.load(sb.ctx(), new Set());
    expect(out.servers.map((s) => [s.name, s.transport, s.command ?? s.url, s.enabled])).toEqual([
      ['a', 'stdio', 'node', true],
      ['b', 'stdio', 'b', true],
      ['c', 'http', 'https://z/mcp', false],
    ]);
    expect(out.servers[0]!.timeout).toBe(10_000);
    expect(out.servers[1]).toMatchObject({ args: ['1'], env: { X: 'y' } });
    expect(out.warnings.map((w) => w.message)).toEqual(['Server "ext": provided by a Zed extension; Switchboard cannot launch it (shown in Zed only)']);
  });
});

describe('vscode provider', () => {
  it('reads .vscode/mcp.json (servers + inputs), the legacy settings block, and the profile mcp.json', async () => {
    await sb.write(
      join(sb.project, '.vscode', 'mcp.json'),
      `{
  // project servers
  "inputs": [{ "type": "promptString", "id": "key", "description": "API key", "password": true }],
  "servers": {
    "gh": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${input:key}" }, "gallery": true },
  },
}`,
    );
    await sb.write(join(sb.project, '.vscode', 'settings.json'), { 'editor.fontSize': 12, mcp: { servers: { legacy: { type: 'stdio', command: 'x' } } } });
    await sb.write(join(sb.home, '.config', 'Code', 'User', 'mcp.json'), { servers: { user: { type: 'sse', url: 'https://u/sse' } } });
    const out = await vscodeProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.transport, s.source.scope])).toEqual([
      ['gh', 'http', 'project'],
      ['legacy', 'stdio', 'project'],
      ['user', 'sse', 'user'],
    ]);
    expect(out.servers[0]).toMatchObject({ unresolved: ['input:key'], extensions: { gallery: true } });
  });
});

describe('goose provider (YAML)', () => {
  it('reads extensions: cmd/envs/uri, seconds, enabled; skips builtins', async () => {
    const file = await sb.write(
      join(sb.home, '.config', 'goose', 'config.yaml'),
      `# goose
GOOSE_PROVIDER: openai
extensions:
  developer:
    bundled: true
    enabled: true
    name: developer
    type: builtin
  fetch:
    cmd: uvx
    args: [mcp-server-fetch]
    envs: { A: "1" }
    enabled: true
    timeout: 300
    type: stdio
    display_name: Fetch
  remote:
    type: streamable_http
    uri: https://g/mcp
    enabled: false
`,
    );
    const out = await gooseProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => s.name)).toEqual(['fetch', 'remote']);
    expect(out.servers[0]).toMatchObject({ command: 'uvx', args: ['mcp-server-fetch'], env: { A: '1' }, timeout: 300_000, source: { file, line: 9, column: 3 }, extensions: { display_name: 'Fetch' } });
    expect(out.servers[1]).toMatchObject({ transport: 'http', url: 'https://g/mcp', enabled: false });
  });

  it('malformed YAML is a warning with a position', async () => {
    await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), 'extensions:\n  a: [1, 2\n  b: x\n');
    const out = await gooseProvider.load(sb.ctx(), new Set());
    expect(out.servers).toEqual([]);
    expect(out.warnings[0]!.message).toMatch(/^Malformed YAML: /);
    expect(out.warnings[0]!.line).toBeGreaterThan(0);
  });
});

describe('continue provider', () => {
  it('reads the YAML list, YAML blocks and JSON drop-ins; flags ${{ secrets.X }}', async () => {
    await sb.write(join(sb.home, '.continue', 'config.yaml'), `name: cfg\nmcpServers:\n  - name: user-one\n    command: node\n    args: [u.js]\n    env:\n      KEY: \${{ secrets.KEY }}\n`);
    await mkdir(join(sb.project, '.continue', 'mcpServers'), { recursive: true });
    await sb.write(join(sb.project, '.continue', 'mcpServers', 'block.yaml'), 'name: b\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: blk\n    type: sse\n    url: https://c/sse\n');
    await sb.write(join(sb.project, '.continue', 'mcpServers', 'copied.json'), { mcpServers: { copied: { command: 'c' } } });
    const out = await continueProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.transport, s.source.scope])).toEqual([
      ['blk', 'sse', 'project'],
      ['user-one', 'stdio', 'user'],
      ['copied', 'stdio', 'project'],
    ]);
    expect(out.servers[1]!.unresolved).toEqual(['secrets.KEY']);
  });
});
