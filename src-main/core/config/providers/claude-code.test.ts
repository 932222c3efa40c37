import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { claudeCodeProvider, claudeJsonPath, comparableDir } from './claude-code.js';

describe('claude-code provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  async function writeClaudeJson(dir = sb.home) {
    return sb.write(join(dir, '.claude.json'), {
      numStartups: 12,
      mcpServers: { shared: { command: 'user-shared' }, useronly: { type: 'sse', url: 'https://u/sse' } },
      projects: {
        '/somewhere/else': { mcpServers: { shared: { command: 'other-project' } } },
        [`${sb.project}/`]: {
          hasTrustDialogAccepted: true,
          mcpServers: { shared: { command: 'local-shared' }, localonly: { command: 'l' } },
          disabledMcpjsonServers: ['projoff'],
          disabledMcpServers: ['useronly'],
        },
      },
    });
  }

  it('orders local > project > user and applies the per-project disabled lists', async () => {
    const claudeJson = await writeClaudeJson();
    const mcpJson = await sb.write(join(sb.project, '.mcp.json'), {
      mcpServers: { shared: { command: 'project-shared' }, projoff: { command: 'po' }, proj: { command: '${BIN:-p}' } },
    });
    const out = await claudeCodeProvider.load(sb.ctx(), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers.map((s) => [s.name, s.command ?? s.url, s.source.scope, s.source.file, s.enabled])).toEqual([
      ['shared', 'local-shared', 'local', claudeJson, true],
      ['localonly', 'l', 'local', claudeJson, true],
      ['shared', 'project-shared', 'project', mcpJson, true],
      ['projoff', 'po', 'project', mcpJson, false],
      ['proj', 'p', 'project', mcpJson, true],
      ['shared', 'user-shared', 'user', claudeJson, true],
      ['useronly', 'https://u/sse', 'user', claudeJson, false],
    ]);
    // provenance points at the entry key inside the per-project block
    const local = out.servers[0]!;
    expect(local.source.line).toBeGreaterThan(1);
  });

  it('honours CLAUDE_CONFIG_DIR', async () => {
    const dir = join(sb.root, 'claude-cfg');
    await writeClaudeJson(dir);
    const ctx = sb.ctx({ env: { CLAUDE_CONFIG_DIR: dir } });
    expect(claudeJsonPath(ctx)).toBe(join(dir, '.claude.json'));
    const out = await claudeCodeProvider.load(ctx, new Set());
    expect(out.servers.map((s) => s.name)).toEqual(['shared', 'localonly', 'shared', 'useronly']);
  });

  it('does not read a file in skip (claimed by a higher provider)', async () => {
    await writeClaudeJson();
    const out = await claudeCodeProvider.load(sb.ctx(), new Set([join(sb.home, '.claude.json')]));
    expect(out.servers).toEqual([]);
  });

  it('uses Windows paths for a win32 context', () => {
    const ctx = { ...sb.ctx(), platform: 'win32' as const, home: 'C:\\Users\\ann', projectDir: 'C:\\code\\app' };
    expect(claudeCodeProvider.candidateFiles(ctx).map((f) => f.path)).toEqual(['C:\\Users\\ann\\.claude.json', 'C:\\code\\app\\.mcp.json']);
  });
});

describe('comparableDir (project keys of ~/.claude.json)', () => {
  const linux = { home: '/h', platform: 'linux' as const, env: {} };
  const win = { home: 'C:\\Users\\ann', platform: 'win32' as const, env: {} };
  it('matches trailing slashes and dot segments on POSIX, case-sensitively', () => {
    expect(comparableDir(linux, '/code/app/')).toBe(comparableDir(linux, '/code/./app'));
    expect(comparableDir(linux, '/Code/app')).not.toBe(comparableDir(linux, '/code/app'));
    expect(comparableDir(linux, '/')).toBe('/');
  });
  it('matches separators and case on Windows, keeping a drive root', () => {
    expect(comparableDir(win, 'C:/Code/App/')).toBe(comparableDir(win, 'c:\\code\\app'));
    expect(comparableDir(win, 'C:\\')).toBe('c:\\');
  });
});
