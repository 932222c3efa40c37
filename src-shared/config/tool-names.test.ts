import { describe, expect, it } from 'vitest';
import { AGENT_NAME_MAX, COLLISION_SAMPLE, agentToolName, assignAgentToolNames, nameHash, sanitizeNamePart, shortenAgentName } from './tool-names.js';

describe('agentToolName (docs/tool-bridge.md)', () => {
  it.each([
    // the docs/tool-bridge.md examples
    ['my-server', 'Read-File', 'mcp_my_server_read_file'],
    ['GitHub', 'github_search', 'mcp_github_search'],
    ['gpt4', 'v2.run', 'mcp_gpt4_v2_run'],
    // rules one by one
    ['UPPER', 'Tool', 'mcp_upper_tool'],
    ['a--b..c', 'x  y', 'mcp_a_b_c_x_y'],
    ['a__b', 't___u', 'mcp_a_b_t_u'],
    ['_lead_', '__trail__', 'mcp_lead_trail'],
    ['123', 'tool', 'mcp_123_tool'],
    ['mail', 'mail_op_4999', 'mcp_mail_op_4999'],
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

  it('keeps digits (issue 30 item 3) and falls back when empty', () => {
    expect(sanitizeNamePart('v2', 'tool')).toBe('v2');
    expect(sanitizeNamePart('42', 'tool')).toBe('42');
    expect(sanitizeNamePart('--', 'tool')).toBe('tool');
  });

  it("the xcsh naming is the seed's rule: digits dropped, as Switchboard named tools before issue 30", () => {
    expect(sanitizeNamePart('v2', 'tool', 'xcsh')).toBe('v');
    expect(sanitizeNamePart('42', 'tool', 'xcsh')).toBe('tool');
    expect(agentToolName('gpt4', 'v2.run', 'xcsh')).toBe('mcp_gpt_v_run');
    expect(agentToolName('123', 'tool', 'xcsh')).toBe('mcp_server_tool');
    expect(agentToolName('my-server', 'Read-File', 'xcsh')).toBe('mcp_my_server_read_file');
  });
});

describe('assignAgentToolNames (docs/tool-bridge.md collisions)', () => {
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

  it('under xcsh, treats a raw name ending in digits as a collision, not as a free suffix', () => {
    // 'x_2' sanitises to 'x' there (digits become '_', then trimmed), so it collides with 'x'
    const named = assignAgentToolNames(
      [
        { server: 'a', tool: 'x' },
        { server: 'a', tool: 'x_2' },
        { server: 'b', tool: 'y' },
      ],
      'xcsh',
    );
    expect(named.map((n) => n.agentName)).toEqual(['mcp_a_x', 'mcp_a_x_2', 'mcp_b_y']);
  });

  it("a raw name that looks like a suffix keeps its name; the duplicate's suffix skips it", () => {
    const named = assignAgentToolNames([
      { server: 'a', tool: 'x' },
      { server: 'a', tool: 'x' },
      { server: 'a', tool: 'x_2' },
    ]);
    expect(named.map((n) => n.agentName)).toEqual(['mcp_a_x', 'mcp_a_x_3', 'mcp_a_x_2']);
    expect(named[2]?.collisionCount).toBe(0);
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

describe('names agents can use (issue 14 item 6)', () => {
  it('shortens a name past 64 characters to 55 + "_" + 8 hex of an FNV-1a hash, deterministically, and marks it', () => {
    const tool = 'summarize_the_quarterly_revenue_report_for_every_region_and_product_line';
    const [named] = assignAgentToolNames([{ server: 'finance-reports', tool }]);
    const full = 'mcp_finance_reports_summarize_the_quarterly_revenue_report_for_every_region_and_product_line';
    expect(named!.fullName).toBe(full);
    expect(full.length).toBe(92);
    expect(named!.shortened).toBe(true);
    expect(named!.agentName).toBe(`${full.slice(0, 55)}_${nameHash(full)}`);
    expect(named!.agentName).toHaveLength(AGENT_NAME_MAX);
    expect(named!.agentName).toMatch(/^[a-z_]{55}_[0-9a-f]{8}$/);
    // FNV-1a 32 of "a" is e40c292c (the published test vector), so the hash is the standard one.
    expect(nameHash('a')).toBe('e40c292c');
    expect(assignAgentToolNames([{ server: 'finance-reports', tool }])[0]!.agentName).toBe(named!.agentName);
    const [short] = assignAgentToolNames([{ server: 's', tool: 'x' }]);
    expect(short).toMatchObject({ agentName: 'mcp_s_x', fullName: 'mcp_s_x', shortened: false });
  });

  it('shortens the suffixed name (collision suffix first), and two long names sharing 55 characters stay distinct', () => {
    const tool = 'x'.repeat(70);
    const named = assignAgentToolNames([{ server: 'a', tool }, { server: 'a', tool: `${tool}.` }, { server: 'a', tool: `${tool}!!` }]);
    const base = `mcp_a_${tool}`;
    expect(named.map((n) => n.fullName)).toEqual([base, `${base}_2`, `${base}_3`]);
    expect(named.every((n) => n.shortened && n.agentName.length === 64)).toBe(true);
    expect(new Set(named.map((n) => n.agentName)).size).toBe(3);
    expect(named[1]!.agentName).toBe(shortenAgentName(`${base}_2`));
  });

  it('a shortened name that is already taken is hashed again, never reused', () => {
    // Find a long name whose hash has only the letters a-f: its shortened form is then also a
    // possible docs/tool-bridge.md name of another raw tool (under either naming), which takes it first.
    let tool = '';
    for (let i = 0; ; i++) {
      tool = `${'q'.repeat(60)}${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26) % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 676) % 26]}`;
      if (/^[a-f]{8}$/.test(nameHash(`mcp_s_${tool}`))) break;
    }
    const clash = shortenAgentName(`mcp_s_${tool}`);
    const named = assignAgentToolNames([{ server: 'first', tool: 'x' }, { server: 's', tool }]);
    expect(named[1]!.agentName).toBe(clash);
    const taken = assignAgentToolNames([{ server: 's', tool: clash.slice(6) }, { server: 's', tool }]);
    expect(taken[0]!.agentName).toBe(clash);
    expect(taken[1]!.agentName).toBe(shortenAgentName(`mcp_s_${tool}`, 1));
    expect(taken[1]!.agentName).not.toBe(clash);
  });

  it('5,000 mail_op_N tools keep their digits (issue 30 item 3): mail_op_4999 is mcp_mail_op_4999, no two share a name', () => {
    const refs = Array.from({ length: 5000 }, (_, i) => ({ server: 'mail', tool: `mail_op_${i}` }));
    const named = assignAgentToolNames(refs);
    expect(named[4999]).toMatchObject({ agentName: 'mcp_mail_op_4999', fullName: 'mcp_mail_op_4999', shortened: false, collisionCount: 0, collidesWith: [] });
    expect(named[0]?.agentName).toBe('mcp_mail_op_0');
    expect(new Set(named.map((n) => n.agentName)).size).toBe(5000);
    expect(named.every((n, i) => n.agentName === `mcp_mail_op_${i}` && n.collisionCount === 0)).toBe(true);
    // Before: digits dropped, all 5,000 shared mcp_mail_op and mail_op_4999 became …_op_5000; under xcsh it still does.
    const xcsh = assignAgentToolNames(refs, 'xcsh');
    expect(xcsh[4999]?.agentName).toBe('mcp_mail_op_5000');
    expect(xcsh[624]?.agentName).toBe('mcp_mail_op_625');
  });

  it('under xcsh, 5,000 tools whose names differ only in digits: linear bookkeeping, bounded collision lists, every name unique', () => {
    const refs = Array.from({ length: 5000 }, (_, i) => ({ server: 'many', tool: `tool${String(i + 1).padStart(4, '0')}` }));
    const named = assignAgentToolNames(refs, 'xcsh');
    expect(named[0]!.agentName).toBe('mcp_many_tool');
    expect(named[4999]!.agentName).toBe('mcp_many_tool_5000');
    expect(new Set(named.map((n) => n.agentName)).size).toBe(5000);
    expect(named.every((n) => n.collisionCount === 4999 && n.collidesWith.length === COLLISION_SAMPLE)).toBe(true);
    expect(named[0]!.collidesWith[0]).toEqual({ server: 'many', tool: 'tool0002' });
    expect(named[1]!.collidesWith[0]).toEqual({ server: 'many', tool: 'tool0001' });
    // The whole result serialises (before: 25 million collision entries, "Invalid string length").
    expect(JSON.stringify(named).length).toBeLessThan(5_000_000);
  });
});
