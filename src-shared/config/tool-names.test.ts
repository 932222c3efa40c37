import { describe, expect, it } from 'vitest';
import { agentToolName, assignAgentToolNames, sanitizeNamePart } from './tool-names.js';

describe('agentToolName (SPEC §4)', () => {
  it.each([
    // the SPEC §4 examples
    ['my-server', 'Read-File', 'mcp_my_server_read_file'],
    ['GitHub', 'github_search', 'mcp_github_search'],
    ['gpt4', 'v2.run', 'mcp_gpt_v_run'],
    // rules one by one
    ['UPPER', 'Tool', 'mcp_upper_tool'],
    ['a--b..c', 'x  y', 'mcp_a_b_c_x_y'],
    ['a__b', 't___u', 'mcp_a_b_t_u'],
    ['_lead_', '__trail__', 'mcp_lead_trail'],
    ['123', 'tool', 'mcp_server_tool'],
    ['srv', '!!!', 'mcp_srv_tool'],
    ['', '', 'mcp_server_tool'],
    // prefix stripping: once, only with the trailing underscore, not to empty
    ['github', 'github_github_x', 'mcp_github_github_x'],
    ['git', 'github_search', 'mcp_git_github_search'],
    ['github', 'github', 'mcp_github_github'],
    ['github', 'github_', 'mcp_github_github'],
    ['my-server', 'My.Server.Read', 'mcp_my_server_read'],
  ])('(%j, %j) → %s', (server, tool, expected) => {
    expect(agentToolName(server, tool)).toBe(expected);
  });

  it('sanitizes digits away and falls back when empty', () => {
    expect(sanitizeNamePart('v2', 'tool')).toBe('v');
    expect(sanitizeNamePart('42', 'tool')).toBe('tool');
  });
});

describe('assignAgentToolNames (SPEC §4 collisions)', () => {
  it('keeps the first name and suffixes later collisions, marking every one involved', () => {
    const named = assignAgentToolNames([
      { server: 'my-server', tool: 'read' },
      { server: 'my.server', tool: 'read' },
      { server: 'other', tool: 'x' },
      { server: 'MY_SERVER', tool: 'read' },
    ]);
    expect(named.map((n) => n.agentName)).toEqual(['mcp_my_server_read', 'mcp_my_server_read_2', 'mcp_other_x', 'mcp_my_server_read_3']);
    expect(named[0]!.collidesWith).toEqual([
      { server: 'my.server', tool: 'read' },
      { server: 'MY_SERVER', tool: 'read' },
    ]);
    expect(named[1]!.collidesWith).toEqual([
      { server: 'my-server', tool: 'read' },
      { server: 'MY_SERVER', tool: 'read' },
    ]);
    expect(named[2]!.collidesWith).toEqual([]);
    expect(named.every((n) => n.baseName === n.agentName.replace(/_\d$/, ''))).toBe(true);
  });

  it('collides tool names within one server too (read-file / read.file)', () => {
    const named = assignAgentToolNames([
      { server: 's', tool: 'read-file' },
      { server: 's', tool: 'read.file' },
    ]);
    expect(named.map((n) => n.agentName)).toEqual(['mcp_s_read_file', 'mcp_s_read_file_2']);
  });

  it('treats a raw name ending in digits as a collision, not as a free suffix', () => {
    // 'x_2' sanitises to 'x' (digits become '_', then trimmed), so it collides with 'x'
    const named = assignAgentToolNames([
      { server: 'a', tool: 'x' },
      { server: 'a', tool: 'x_2' },
      { server: 'b', tool: 'y' },
    ]);
    expect(named.map((n) => n.agentName)).toEqual(['mcp_a_x', 'mcp_a_x_2', 'mcp_b_y']);
  });

  it('numbers a third duplicate _3 and keeps every name unique', () => {
    const refs = [
      { server: 'a', tool: 'x' },
      { server: 'a', tool: 'x' },
      { server: 'a', tool: 'x' },
    ];
    const names = assignAgentToolNames(refs).map((n) => n.agentName);
    expect(names).toEqual(['mcp_a_x', 'mcp_a_x_2', 'mcp_a_x_3']);
    expect(new Set(names).size).toBe(names.length);
  });
});
