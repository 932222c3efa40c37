import { describe, expect, it } from 'vitest';
import type { ServerTools } from './tool-bridge.js';
import { buildToolInfos } from './tool-bridge.js';
import { ToolInfosMemo } from './tool-infos-memo.js';

describe('ToolInfosMemo', () => {
  const schema = { type: 'object' as const, properties: {} };
  const a: ServerTools = { server: 'a', tools: [{ name: 'echo', inputSchema: schema }, { name: 'add', inputSchema: schema }] };
  const b: ServerTools = { server: 'b', tools: [{ name: 'echo', inputSchema: schema }] };

  it('builds again whenever a server, its listing or its filters differ, else gives the last list', () => {
    const memo = new ToolInfosMemo();
    let builds = 0;
    const build = (e: readonly ServerTools[]) => {
      builds++;
      return buildToolInfos(e);
    };
    const first = memo.of([a, b], build);
    expect(first.map((t) => t.agentName)).toEqual(buildToolInfos([a, b]).map((t) => t.agentName));
    expect(memo.of([{ ...a }, { ...b }], build)).toBe(first);
    expect(builds).toBe(1);
    // A new listing (a new array, even with the same tools), a filter, an order, a server gone: built again.
    memo.of([{ ...a, tools: [...a.tools] }, b], build);
    expect(builds).toBe(2);
    const held = memo.of([{ ...a, tools: [...a.tools], disabledTools: ['add'] }, b], build);
    expect(builds).toBe(3);
    expect(held.map((t) => `${t.server}/${t.name}`)).toEqual(['a/echo', 'b/echo']);
    memo.of([b, { ...a, disabledTools: ['add'] }], build);
    expect(builds).toBe(4);
    memo.of([b], build);
    expect(builds).toBe(5);
  });

  it('compares filters by value: equal lists in new arrays reuse the list, a list edited in place after the build does not', () => {
    const memo = new ToolInfosMemo();
    let builds = 0;
    const build = (e: readonly ServerTools[]) => {
      builds++;
      return buildToolInfos(e);
    };
    const held = ['add'];
    const first = memo.of([{ ...a, disabledTools: held }], build);
    expect(memo.of([{ ...a, disabledTools: ['add'] }], build)).toBe(first);
    expect(builds).toBe(1);
    held.push('echo');
    expect(memo.of([{ ...a, disabledTools: held }], build)).toEqual([]);
    expect(builds).toBe(2);
    // Absent is not empty: `enabledTools: []` exposes nothing, absent exposes everything.
    expect(memo.of([{ ...a, enabledTools: [] }], build)).toEqual([]);
    expect(memo.of([a], build).map((t) => t.name)).toEqual(['echo', 'add']);
    expect(builds).toBe(4);
  });
});
