import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { cursorProvider } from './cursor.js';

describe('cursor provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('reads project then user, with ${env:}, ${workspaceFolder} and ${userHome}', async () => {
    const proj = await sb.write(join(sb.project, '.cursor', 'mcp.json'), {
      mcpServers: {
        fs: { command: 'node', args: ['${workspaceFolder}/srv.js', '${userHome}'], env: { KEY: '${env:API_KEY}', RAW: '${API_KEY}' } },
      },
    });
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), {
      mcpServers: { remote: { url: 'https://r/mcp', headers: { Authorization: 'Bearer ${env:MISSING_TOKEN}' }, auth: { CLIENT_ID: 'c' } } },
    });
    const out = await cursorProvider.load(sb.ctx({ env: { API_KEY: 'sekrit' } }), new Set());
    expect(out.warnings).toEqual([]);
    expect(out.servers[0]).toMatchObject({
      name: 'fs',
      args: [`${sb.project}/srv.js`, sb.home],
      env: { KEY: 'sekrit', RAW: '${API_KEY}' },
      unresolved: ['API_KEY'],
      source: { host: 'cursor', file: proj, scope: 'project', line: 3, column: 5 },
    });
    expect(out.servers[1]).toMatchObject({
      name: 'remote',
      transport: 'http',
      headers: { Authorization: 'Bearer ${env:MISSING_TOKEN}' },
      unresolved: ['MISSING_TOKEN'],
      extensions: { auth: { CLIENT_ID: 'c' } },
      source: { scope: 'user' },
    });
    expect(out.servers[1]!.auth).toBeUndefined();
  });

  it('uses %USERPROFILE%-relative Windows paths for a win32 context', () => {
    const ctx = { ...sb.ctx(), platform: 'win32' as const, home: 'C:\\Users\\ann', projectDir: 'D:\\src\\app' };
    expect(cursorProvider.candidateFiles(ctx).map((f) => [f.path, f.scope])).toEqual([
      ['D:\\src\\app\\.cursor\\mcp.json', 'project'],
      ['C:\\Users\\ann\\.cursor\\mcp.json', 'user'],
    ]);
  });
});
