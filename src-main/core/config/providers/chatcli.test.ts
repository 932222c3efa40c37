import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { chatcliProvider } from './chatcli.js';

describe('chatcli provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('reads the array form: seconds → ms, missing enabled = off, auth, alwaysAllow, extensions', async () => {
    const file = await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), {
      mcpServers: [
        {
          name: 'search',
          transport: 'http',
          url: 'https://s/mcp',
          enabled: true,
          timeout: 45,
          initTimeout: 10,
          auth: { type: 'bearer', token: '${SEARCH_TOKEN}' },
          autoApprove: ['a'],
          alwaysAllow: ['b', 'a'],
          trust: true,
        },
        { name: 'quiet', command: 'q', cwd: '~/work' },
        { name: 'keyed', transport: 'sse', url: 'https://k/sse', enabled: true, auth: { type: 'header', token: 'xyz' } },
        { command: 'nameless' },
      ],
    });
    const out = await chatcliProvider.load(sb.ctx({ env: { SEARCH_TOKEN: 'tk' } }), new Set());
    expect(out.servers[0]).toEqual({
      name: 'search',
      transport: 'http',
      url: 'https://s/mcp',
      enabled: true,
      timeout: 45_000,
      auth: { type: 'bearer', token: 'tk' },
      autoApprove: ['a', 'b'],
      extensions: { initTimeout: 10, alwaysAllow: ['b', 'a'], trust: true },
      source: { host: 'chatcli', file, line: 3, column: 5, scope: 'user' },
      unresolved: [],
    });
    expect(out.servers[1]).toMatchObject({ name: 'quiet', enabled: false, cwd: `${sb.home}/work` });
    expect(out.servers[2]!.auth).toEqual({ type: 'header', name: 'X-API-Key', value: 'xyz' });
    expect(out.warnings).toEqual([expect.objectContaining({ file, message: '"mcpServers"[3] has no "name"; skipped' })]);
  });

  it('honours $CHATCLI_MCP_CONFIG', async () => {
    const custom = await sb.write(join(sb.root, 'custom.json'), { mcpServers: [{ name: 'c', command: 'c', enabled: true }] });
    const ctx = sb.ctx({ env: { CHATCLI_MCP_CONFIG: custom } });
    expect(chatcliProvider.candidateFiles(ctx).map((f) => f.path)).toEqual([custom]);
    expect((await chatcliProvider.load(ctx, new Set())).servers.map((s) => s.name)).toEqual(['c']);
  });

  it('warns when mcpServers is a map instead of a list', async () => {
    await sb.write(join(sb.home, '.chatcli', 'mcp_servers.json'), { mcpServers: { a: { command: 'a' } } });
    const out = await chatcliProvider.load(sb.ctx(), new Set());
    expect(out.servers).toEqual([]);
    expect(out.warnings[0]!.message).toBe('"mcpServers" must be an array of servers, got object');
  });
});
