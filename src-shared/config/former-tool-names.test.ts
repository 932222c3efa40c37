import { describe, expect, it } from 'vitest';
import { findByAgentName, formerNameNote } from './former-tool-names.js';
import { assignAgentToolNames } from './tool-names.js';

/** Tools as `tools:list` gives them: named over the whole list, in priority order. */
function listed(refs: Array<{ server: string; tool: string }>) {
  return assignAgentToolNames(refs).map((n) => ({ server: n.ref.server, name: n.ref.tool, agentName: n.agentName }));
}

describe('names before digits were kept (issue 30 item 3, one release)', () => {
  const tools = listed([
    { server: 'db2', tool: 'query' },
    { server: 'mail', tool: 'op1' },
    { server: 'mail', tool: 'op2' },
    { server: 'web', tool: 'fetch' },
  ]);

  it('a current name finds its tool with no note', () => {
    expect(findByAgentName(tools, 'mcp_db2_query')).toEqual({ tool: tools[0] });
    expect(findByAgentName(tools, 'mcp_web_fetch')).toEqual({ tool: tools[3] });
  });

  it('the digit-dropped name the same list gave before finds the same tool, with the note', () => {
    expect(findByAgentName(tools, 'mcp_db_query')).toEqual({
      tool: tools[0],
      note: '"mcp_db_query" is the name before digits were kept; the tool is now "mcp_db2_query"',
    });
    // op1 and op2 both were mcp_mail_op: the first kept it, the second was mcp_mail_op_2.
    expect(findByAgentName(tools, 'mcp_mail_op')?.tool).toBe(tools[1]);
    expect(findByAgentName(tools, 'mcp_mail_op_2')).toEqual({ tool: tools[2], note: formerNameNote('mcp_mail_op_2', 'mcp_mail_op2') });
  });

  it('an unknown name finds nothing; a current name wins over a former one', () => {
    expect(findByAgentName(tools, 'mcp_mail_op_3')).toBeUndefined();
    expect(findByAgentName(tools, 'mcp_nope')).toBeUndefined();
    // `v` on server `a` is now mcp_a_v; `v2` was mcp_a_v before too (then _2): the current name wins.
    const both = listed([{ server: 'a', tool: 'v2' }, { server: 'a', tool: 'v' }]);
    expect(findByAgentName(both, 'mcp_a_v')).toEqual({ tool: both[1] });
  });
});
