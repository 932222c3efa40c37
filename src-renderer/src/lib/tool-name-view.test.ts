import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { clashLabels, collisionSummaries, namesOfTools, schemesInUse, toolKey } from './tool-name-view.js';

const info = (server: string, name: string, agentName: string, collisionCount = 0): ToolInfo => ({
  server,
  name,
  agentName,
  description: '',
  agentDescription: '',
  inputSchema: { type: 'object', properties: {} },
  collidesWith: [],
  ...(collisionCount ? { collisionCount } : {}),
});

describe('tool names in the list (issue 14 item 6)', () => {
  it('badges name whose scheme collides; a scheme with many clashes in one server becomes one summary', () => {
    const few = [info('a', 'read-file', 'mcp_a_read_file', 1), info('a', 'read.file', 'mcp_a_read_file_2', 1), info('a', 'x', 'mcp_a_x')];
    // t1 … t12: distinct names under Switchboard's scheme (digits kept, issue 30 item 3), one name under xcsh's.
    const many = Array.from({ length: 12 }, (_, i) => info('m', `t${i + 1}`, `mcp_m_t${i + 1}`));
    const names = namesOfTools([...few, ...many]);
    // read-file / read.file: one name for Switchboard (both → read_file) and Codex ("-" and "." → "_");
    // distinct for Claude Code (kept), VS Code ("." → "_" only), Gemini CLI (both kept), Roo Code ("." dropped);
    // xcsh sanitises as Switchboard does, digits dropped and without the suffix; ChatCLI keeps the raw tool name.
    expect(clashLabels(names.get(toolKey('a', 'read.file')), new Set())).toEqual(['Switchboard', 'Codex', 'xcsh']);
    expect(clashLabels(names.get(toolKey('a', 'x')), new Set())).toEqual([]);
    expect(collisionSummaries(few, names)).toEqual([]);
    const summaries = collisionSummaries(many, names);
    expect(summaries).toEqual([
      { scheme: 'xcsh', label: 'xcsh', pattern: 'mcp_<server>_<tool>, digits dropped', count: 12, cleanUnder: ['Switchboard', 'Claude Code', 'Codex', 'VS Code', 'Gemini CLI', 'Roo Code', 'ChatCLI'] },
    ]);
    expect(clashLabels(names.get(toolKey('m', 't3')), new Set(summaries.map((s) => s.scheme)))).toEqual([]);
  });

  it('warns only about the hosts in use: two servers\' echo clash under ChatCLI, named only when a ChatCLI file is among the sources (new-user trial)', () => {
    // ChatCLI names a tool `mcp_<tool>`: every server with an `echo` clashes there, and only there.
    const many = Array.from({ length: 12 }, (_, i) => [info('a', `tool${'abcdefghijkl'[i]}`, `mcp_a_tool${'abcdefghijkl'[i]}`), info('b', `tool${'abcdefghijkl'[i]}`, `mcp_b_tool${'abcdefghijkl'[i]}`)]).flat();
    const names = namesOfTools(many);
    const ofA = many.filter((t) => t.server === 'a');
    expect(clashLabels(names.get(toolKey('a', 'toolb')), new Set())).toEqual(['ChatCLI']);
    expect(collisionSummaries(ofA, names).map((s) => s.scheme)).toEqual(['chatcli']);
    const claudeOnly = schemesInUse(['claude-code', 'cursor']);
    expect([...claudeOnly].sort()).toEqual(['claude-code', 'switchboard']);
    expect(clashLabels(names.get(toolKey('a', 'toolb')), new Set(), claudeOnly)).toEqual([]);
    expect(collisionSummaries(ofA, names, claudeOnly)).toEqual([]);
    const withChatcli = schemesInUse(['claude-code', 'chatcli']);
    expect(clashLabels(names.get(toolKey('a', 'toolb')), new Set(), withChatcli)).toEqual(['ChatCLI']);
    expect(collisionSummaries(ofA, names, withChatcli).map((s) => [s.scheme, s.count, s.cleanUnder])).toEqual([['chatcli', 12, ['Switchboard', 'Claude Code']]]);
  });
});
