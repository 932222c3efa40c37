import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { matchPieces, rankTools, toolSearchIndex } from './tool-search-index.js';

const tool = (name: string, description = '', server = 's'): ToolInfo =>
  ({ server, name, agentName: `mcp_${server}_${name}`, description, collidesWith: [] }) as unknown as ToolInfo;

describe('tool search', () => {
  const tools = [tool('zip', 'read a file and zip it'), tool('read_file', 'reads'), tool('file_reader'), tool('write', 'writes a file')];
  it('ranks a name that starts with the query, then name matches, then description-only matches', () => {
    const r = rankTools(toolSearchIndex(tools), 'read');
    expect(r.hits.map((t) => t.name)).toEqual(['read_file', 'file_reader', 'zip']);
    expect(r.total).toBe(3);
  });
  it('needs every word, in a name or the description', () => {
    expect(rankTools(toolSearchIndex(tools), 'write file').hits.map((t) => t.name)).toEqual(['write']);
    expect(rankTools(toolSearchIndex(tools), '  ')).toEqual({ hits: [], total: 0 });
  });
  it('gives the same hits typing on, deleting back or changing words as a fresh index would', () => {
    const many = Array.from({ length: 300 }, (_, i) => tool(`t${i}_${i % 7 === 0 ? 'read' : 'write'}`, i % 5 === 0 ? 'reads a file' : 'other', i % 2 ? 'a' : 'b'));
    const typed = toolSearchIndex(many);
    for (const q of ['r', 're', 'rea', 'read', 'read f', 'read fi', 'read', 'rea', 'file', 'file read', 'a', 'a file', 'x', '']) {
      const fresh = rankTools(many.map((t) => ({ tool: t, names: `${t.name} ${t.agentName} ${t.server}`.toLowerCase(), description: (t.description ?? '').toLowerCase(), name: t.name.toLowerCase(), agentName: t.agentName.toLowerCase() })), q);
      expect(rankTools(typed, q), q).toEqual(fresh);
    }
  });
  it('caches the index per tools array', () => {
    expect(toolSearchIndex(tools)).toBe(toolSearchIndex(tools));
  });
  it('cuts a text into matched and unmatched pieces, case-insensitive, overlapping words merged', () => {
    expect(matchPieces('Read_File', ['file', 'rea', 'ead'])).toEqual([
      { text: 'Read', match: true },
      { text: '_', match: false },
      { text: 'File', match: true },
    ]);
    expect(matchPieces('abc', [])).toEqual([{ text: 'abc', match: false }]);
    expect(matchPieces('', ['a'])).toEqual([]);
  });
});
