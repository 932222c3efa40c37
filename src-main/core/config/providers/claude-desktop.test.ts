import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { claudeDesktopProvider } from './claude-desktop.js';

describe('claude-desktop provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('reads the macOS file with no interpolation and keeps sibling keys out of servers', async () => {
    const file = await sb.write(join(sb.home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'), {
      globalShortcut: 'Ctrl+Space',
      preferences: { x: 1 },
      mcpServers: { fs: { command: 'npx', args: ['-y', '${HOME}'], env: { T: '${TOKEN}' } } },
    });
    const out = await claudeDesktopProvider.load(sb.ctx({ platform: 'darwin', env: { TOKEN: 't', HOME: '/h' } }), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers).toEqual([
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '${HOME}'],
        env: { T: '${TOKEN}' },
        enabled: true,
        source: { host: 'claude-desktop', file, line: 7, column: 5, scope: 'user' },
        unresolved: [],
      },
    ]);
  });

  it('reads $XDG_CONFIG_HOME/Claude on Linux, defaulting to ~/.config', async () => {
    expect(claudeDesktopProvider.candidateFiles(sb.ctx())[0]!.path).toBe(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'));
    const xdg = join(sb.root, 'xdg');
    await sb.write(join(xdg, 'Claude', 'claude_desktop_config.json'), { mcpServers: { a: { command: 'a' } } });
    const out = await claudeDesktopProvider.load(sb.ctx({ env: { XDG_CONFIG_HOME: xdg } }), new Set());
    expect(out.servers.map((s) => s.name)).toEqual(['a']);
  });

  it('notes comments (Claude Desktop parses strict JSON) but still loads', async () => {
    const file = await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), '{\n  "mcpServers": {\n    // off for now\n    "a": {"command": "a"}\n  }\n}\n');
    const out = await claudeDesktopProvider.load(sb.ctx(), new Set());
    expect(out.servers.map((s) => s.name)).toEqual(['a']);
    expect(out.warnings).toEqual([expect.objectContaining({ file, line: 3, column: 5 })]);
  });

  it('lists both the MSIX and the %APPDATA% file on Windows, MSIX first', () => {
    const ctx = {
      ...sb.ctx(),
      platform: 'win32' as const,
      home: 'C:\\Users\\ann',
      env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' },
    };
    expect(claudeDesktopProvider.candidateFiles(ctx).map((f) => f.path)).toEqual([
      'C:\\Users\\ann\\AppData\\Local\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\Users\\ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    ]);
    const noEnv = { ...ctx, env: {} };
    expect(claudeDesktopProvider.candidateFiles(noEnv)[1]!.path).toBe('C:\\Users\\ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
  });
});
