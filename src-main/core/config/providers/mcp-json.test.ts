import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../test-sandbox.js';
import { mcpJsonProvider } from './mcp-json.js';

describe('mcp-json fallback provider', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('reads root mcp.json and .mcp.json as project scope with ${VAR:-default}', async () => {
    await sb.write(join(sb.project, 'mcp.json'), { mcpServers: { a: { command: '${A_BIN:-a}' } } });
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { b: { command: 'b' } } });
    const out = await mcpJsonProvider.load(sb.ctx(), new Set());
    expect(out.servers.map((s) => [s.name, s.command, s.source.scope, s.source.host])).toEqual([
      ['a', 'a', 'project', 'mcp-json'],
      ['b', 'b', 'project', 'mcp-json'],
    ]);
  });

  it('skips a claimed file', async () => {
    await sb.write(join(sb.project, '.mcp.json'), { mcpServers: { b: { command: 'b' } } });
    const out = await mcpJsonProvider.load(sb.ctx(), new Set([join(sb.project, '.mcp.json')]));
    expect(out.servers).toEqual([]);
  });
});
