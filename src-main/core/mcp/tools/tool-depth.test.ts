/**
 * A tool nested past any real schema (attack pass, issue 32): a server listing one tool whose
 * inputSchema nests 1,000 objects made the SDK's Tool check overflow the stack, and the throw ended
 * the whole process. The tool is kept, flagged, with a schema any reader can walk.
 */
import { describe, expect, it } from 'vitest';
import { keepableTools, MAX_TOOL_FIELD_DEPTH, toolProblems } from './tool-validity.js';

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { x: schema } };
  return schema;
}

describe('a tool nested too deeply', () => {
  it('keeps the tool with a plain object schema and says why; a sound tool is the same object', () => {
    const deep = { name: 'deep', description: 'd', inputSchema: nested(1000), _meta: nested(500) };
    const sound = { name: 'ok', inputSchema: nested(5) };
    const { tools, leftOut } = keepableTools([deep, sound]);
    expect(leftOut).toEqual([]);
    expect(tools[1]).toBe(sound);
    expect(tools[0]).toEqual({ name: 'deep', description: 'd', inputSchema: { type: 'object' } });
    expect(toolProblems(tools[0]).filter((p) => p.path !== '')).toEqual([
      { path: 'inputSchema', message: `nested deeper than ${MAX_TOOL_FIELD_DEPTH} levels: not kept (calls take any object here; hosts may fail on it)`, severity: 'error' },
      { path: '_meta', message: `nested deeper than ${MAX_TOOL_FIELD_DEPTH} levels: not kept (left out here; hosts may fail on it)`, severity: 'error' },
    ]);
  });

});
