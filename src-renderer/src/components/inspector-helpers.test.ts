import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { toRootUri } from './server-settings.js';
import { annotationLabels } from './tool-annotations.js';
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

describe('inspector helpers', () => {
  it('searches every server by all words', () => {
    const tools = [tool('a', 'read_file', 'Reads a file'), tool('b', 'write_file', 'Writes'), tool('b', 'search', 'find FILES fast')];
    expect(searchTools(tools, 'file').map((t) => t.name)).toEqual(['read_file', 'write_file', 'search']);
    expect(searchTools(tools, 'b file').map((t) => t.name)).toEqual(['write_file', 'search']);
    expect(searchTools(tools, '  ')).toEqual([]);
  });

  it('lists the annotation hints that hold, in a fixed order', () => {
    expect(annotationLabels({ openWorldHint: true, readOnlyHint: true, destructiveHint: false })).toEqual(['read-only', 'open-world']);
    expect(annotationLabels(undefined)).toEqual([]);
  });

  it('turns a typed folder into a file URI', () => {
    expect(toRootUri('/home/me/my repo')).toBe('file:///home/me/my%20repo');
    expect(toRootUri('file:///x')).toBe('file:///x');
  });
});
