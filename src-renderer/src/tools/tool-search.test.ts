import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { searchTools } from './tool-search.js';

const tool = (server: string, name: string, description = ''): ToolInfo => ({
  server,
  name,
  agentName: `mcp_${server}_${name}`,
  description,
  agentDescription: `[MCP:${server}] ${description}`,
  inputSchema: { type: 'object', properties: {} },
  collidesWith: [],
});

describe('searchTools', () => {
  it('searches every server by all words', () => {
    const tools = [tool('a', 'read_file', 'Reads a file'), tool('b', 'write_file', 'Writes'), tool('b', 'search', 'find FILES fast')];
    expect(searchTools(tools, 'file').map((t) => t.name)).toEqual(['read_file', 'write_file', 'search']);
    expect(searchTools(tools, 'b file').map((t) => t.name)).toEqual(['write_file', 'search']);
    expect(searchTools(tools, '  ')).toEqual([]);
  });
});
