/**
 * Progressive discovery's search ranking (issue 31 item 4, core/gateway/progressive.ts): a word of
 * the name ranks above a word of the description; the whole query inside the name adds; camelCase
 * and `_` split words; ties keep the list's order; `limit` cuts; descriptions are one line.
 */
import { describe, expect, it } from 'vitest';
import type { GatewayTool } from '../../../src-shared/api/gateway.js';
import { searchTools, words } from './progressive.js';

const tool = (server: string, name: string, description?: string): GatewayTool => ({ name: `${server}_${name}`, server, tool: name, inputSchema: { type: 'object' }, ...(description !== undefined ? { description } : {}) });
const tools = [
  tool('everything', 'echo', 'Echoes back the input'),
  tool('fs', 'readFile', 'Read a file\nfrom the disk, with more lines'),
  tool('fs', 'write_file', 'Writes a file; mentions echo'),
  tool('github', 'list_issues', 'List issues of a repository'),
];

describe('searchTools', () => {
  it('splits words on case changes and punctuation', () => {
    expect(words('readFile mcp__github__list_issues')).toEqual(['read', 'file', 'mcp', 'github', 'list', 'issues']);
  });
  it('ranks name matches first, keeps the order on ties, cuts to one line and to limit', () => {
    expect(searchTools({ tools }, 'echo').map((m) => m.name)).toEqual(['everything_echo', 'fs_write_file']);
    expect(searchTools({ tools }, 'read file')).toEqual([
      { name: 'fs_readFile', description: 'Read a file', server: 'fs' },
      { name: 'fs_write_file', description: 'Writes a file; mentions echo', server: 'fs' },
    ]);
    expect(searchTools({ tools }, 'file', 1).map((m) => m.name)).toEqual(['fs_readFile']);
    expect(searchTools({ tools }, 'issue').map((m) => m.name)).toEqual(['github_list_issues']);
    expect(searchTools({ tools }, ' -- ')).toEqual([]);
  });
});
