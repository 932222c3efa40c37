import { describe, expect, it } from 'vitest';
import { isDestructiveTool, needsConfirmation, notConfirmedWords } from './guard-rules.js';

describe('guard rails: MCP ToolAnnotations defaults (issue 31 item 3)', () => {
  it('counts a tool destructive unless readOnlyHint is true or destructiveHint is false', () => {
    expect(isDestructiveTool(undefined)).toBe(true);
    expect(isDestructiveTool({})).toBe(true);
    expect(isDestructiveTool({ readOnlyHint: false })).toBe(true);
    expect(isDestructiveTool({ destructiveHint: false })).toBe(false);
    expect(isDestructiveTool({ readOnlyHint: true })).toBe(false);
    // destructiveHint is meaningful only when readOnlyHint is false.
    expect(isDestructiveTool({ readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(isDestructiveTool({ readOnlyHint: 'yes' })).toBe(true);
  });

  it('matches a chosen list by the called name or the aggregated door name', () => {
    const guard = { host: 'cursor' as const, confirm: ['memory_delete_entities'], confirmTimeoutMs: 120_000, readOnly: false };
    expect(needsConfirmation(guard, 'delete_entities', 'memory', 'delete_entities', { destructiveHint: true })).toBe(true);
    expect(needsConfirmation(guard, 'memory_read_graph', 'memory', 'read_graph', undefined)).toBe(false);
    expect(needsConfirmation({ ...guard, confirm: 'off' }, 'memory_delete_entities', 'memory', 'delete_entities', undefined)).toBe(false);
    expect(notConfirmedWords('x', 'cursor', 120_000)).toBe('Tool "x" was not confirmed within 120 s; ask the user to approve it in Switchboard (Cursor\'s guard rails ask before this tool runs)');
  });
});
