import { describe, expect, it } from 'vitest';
import { namesUnderScheme, toolNamesUnderSchemes } from './host-tool-names.js';
import { assignAgentToolNames } from './tool-names.js';

const tools = (...pairs: Array<[string, string]>) => pairs.map(([server, name]) => ({ server, name }));

describe("each host's naming scheme (docs/tool-names.md)", () => {
  it('Claude Code: mcp__<server>__<tool>, the server name outside [A-Za-z0-9_-] made _', () => {
    expect(namesUnderScheme('claude-code', tools(['my.server', 'read-file'], ['github', 'get_issue'])).map((n) => n.name)).toEqual([
      'mcp__my_server__read-file',
      'mcp__github__get_issue',
    ]);
  });

  it('Codex: mcp__<server>__<tool> with everything outside [A-Za-z0-9_] made _ (hyphens too)', () => {
    expect(namesUnderScheme('codex', tools(['some-server', 'browse.content'])).map((n) => n.name)).toEqual(['mcp__some_server__browse_content']);
    const [long] = namesUnderScheme('codex', tools(['srv', 'x'.repeat(70)]));
    expect(long!.note).toContain('SHA-1');
  });

  it('VS Code: mcp_<label≤13>_<tool>, "." → "_", a second server with the same prefix numbered, cut at 64', () => {
    const names = namesUnderScheme('vscode', tools(['Everything', 'get.sum'], ['io.github.upstash/context7', 'resolve'], ['everything', 'echo']));
    expect(names.map((n) => n.name)).toEqual(['mcp_everything_get_sum', 'mcp_io_github_ups_resolve', 'mcp_everything2_echo']);
    const [cut] = namesUnderScheme('vscode', tools(['s', 'y'.repeat(80)]));
    expect(cut!.name).toHaveLength(64);
  });

  it('Gemini CLI: mcp_<server>_<tool>, outside [A-Za-z0-9_.:-] made _, past 63 the middle becomes "..."', () => {
    expect(namesUnderScheme('gemini', tools(['my server', 'get-time'])).map((n) => n.name)).toEqual(['mcp_my_server_get-time']);
    const [long] = namesUnderScheme('gemini', tools(['srv', 'z'.repeat(80)]));
    expect(long!.name).toBe(`mcp_srv_${'z'.repeat(22)}...${'z'.repeat(30)}`);
  });

  it('ChatCLI: mcp_<tool>, no server part, so two servers offering read_file collide (issue 28 item 2)', () => {
    const names = namesUnderScheme('chatcli', tools(['filesystem', 'read_file'], ['other-fs', 'read_file'], ['web', 'fetch']));
    const note = 'ChatCLI names tools without their server: only one of these reaches its agent';
    expect(names).toEqual([
      { name: 'mcp_read_file', collisions: 1, note },
      { name: 'mcp_read_file', collisions: 1, note },
      { name: 'mcp_fetch', collisions: 0 },
    ]);
  });

  it("xcsh: its seed's mcp_<server>_<tool>, no suffix: my-server and my.server share a name, last write wins (issue 28 item 2)", () => {
    const names = namesUnderScheme('xcsh', tools(['my-server', 'echo'], ['my.server', 'echo'], ['GitHub', 'github_search'], ['db2', 'query_v3']));
    const note = 'xcsh registers tools last-write-wins: only one of these reaches its agent';
    expect(names).toEqual([
      { name: 'mcp_my_server_echo', collisions: 1, note },
      { name: 'mcp_my_server_echo', collisions: 1, note },
      { name: 'mcp_github_search', collisions: 0 },
      // its seed drops digits (issue 30 item 3: Switchboard's own scheme now keeps them)
      { name: 'mcp_db_query_v', collisions: 0 },
    ]);
  });

  it('Roo Code: mcp--<server>--<tool>, characters dropped, cut at 64 (so long names can collide)', () => {
    const names = namesUnderScheme('roo', tools(['my server', 'a.b'], ['s', `${'w'.repeat(70)}1`], ['s', `${'w'.repeat(70)}2`]));
    expect(names[0]).toEqual({ name: 'mcp--my_server--ab', collisions: 0 });
    expect(names[1]!.name).toHaveLength(64);
    expect(names[1]!.collisions).toBe(1);
  });

  it("5,000 tools differing only in digits collide under xcsh's digit-dropping scheme and under no other (issue 30 item 3)", () => {
    const raw = Array.from({ length: 5000 }, (_, i) => ({ server: 'many', tool: `tool${String(i + 1).padStart(4, '0')}` }));
    const named = assignAgentToolNames(raw).map((n) => ({ server: n.ref.server, name: n.ref.tool, agentName: n.agentName, collisionCount: n.collisionCount }));
    const rows = toolNamesUnderSchemes(named);
    expect(rows[41]!.switchboard).toEqual({ name: 'mcp_many_tool0042', collisions: 0 });
    expect(rows[41]!['claude-code']).toEqual({ name: 'mcp__many__tool0042', collisions: 0 });
    expect(rows[41]?.xcsh).toEqual({ name: 'mcp_many_tool', collisions: 4999, note: 'xcsh registers tools last-write-wins: only one of these reaches its agent' });
    for (const id of ['switchboard', 'claude-code', 'codex', 'vscode', 'gemini', 'roo'] as const) expect(rows.every((r) => r[id].collisions === 0)).toBe(true);
  });
});
