import { describe, expect, it } from 'vitest';
import { pathPieces } from './path-break.js';

describe('pathPieces', () => {
  it('breaks after separators only, keeping names and :line whole', () => {
    expect(pathPieces('/tmp/x/home/.claude.json:3')).toEqual(['/', 'tmp/', 'x/', 'home/', '.claude.json:3']);
    expect(pathPieces('C:\\Users\\me\\.cursor\\mcp.json')).toEqual(['C:\\', 'Users\\', 'me\\', '.cursor\\', 'mcp.json']);
    expect(pathPieces('Claude Code · /p/.mcp.json:3')).toEqual(['Claude Code · /', 'p/', '.mcp.json:3']);
  });

  it('round-trips and handles the edges', () => {
    for (const p of ['/a//b/', 'name', '/', 'a\\b/c']) expect(pathPieces(p).join('')).toBe(p);
    expect(pathPieces('')).toEqual([]);
  });
});
