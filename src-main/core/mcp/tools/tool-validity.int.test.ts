/**
 * Trial 6 finding 2: tool definitions checked against the MCP schema, against a real server (the
 * trial's `badschema`: no inputSchema, `inputSchema.type` "string", `required` a string, a space in
 * a name). Before, it showed "connected 8 tools" with no word; the SDK's own `listTools()` rejects
 * that whole list, so Switchboard keeps every tool (listed raw) and marks the invalid ones per field.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_RESTARTS } from '../manager/backoff.js';
import { McpManager } from '../manager/manager.js';
import { testDefinition } from '../testing/test-helpers.js';
import { invalidToolLines } from '../../../host/cli/format.js';

const FIXTURE = fileURLToPath(new URL('../testing/fixtures/badschema-server.mjs', import.meta.url));

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe('tools that do not match the MCP schema', () => {
  it('are all listed, and each invalid one says which field and why', async () => {
    manager = new McpManager({ restart: NO_RESTARTS });
    await manager.reconcile([{ definition: testDefinition({ name: 'badschema', transport: 'stdio', command: process.execPath, args: [FIXTURE] }), desired: 'run' }]);
    await manager.settled();
    const rt = manager.runtime('badschema')!;
    expect(rt.status).toBe('connected');
    // Nothing lost: the good tools and the bad ones are all there.
    expect(rt.toolCount).toBe(8);
    const byName = Object.fromEntries(manager.listTools('badschema').map((t) => [t.name, t.problems]));
    expect(byName.good).toBeUndefined();
    expect(byName.mismatch).toBeUndefined();
    expect(byName.no_schema).toEqual([{ path: 'inputSchema', message: 'Invalid input: expected object, received undefined', severity: 'error' }]);
    expect(byName.bad_type).toEqual([{ path: 'inputSchema.type', message: 'Invalid input: expected "object"', severity: 'error' }]);
    expect(byName.bad_required).toEqual([{ path: 'inputSchema.required', message: 'Invalid input: expected array, received string', severity: 'error' }]);
    expect(byName['bad ref']).toEqual([{ path: 'name', message: expect.stringContaining('MCP 2025-11-25 "Tool names"'), severity: 'warning' }]);
    expect(rt.invalidTools?.map((t) => t.name)).toEqual(['no_schema', 'bad_type', 'bad_required', 'bad ref']);
    const lines = invalidToolLines(rt.invalidTools!);
    expect(lines[0]).toBe('  ↳ warning: 4 tools do not match the MCP schema (an SDK-based host rejects the whole tools/list: 3 malformed)');
    expect(lines).toContain('    bad_required: inputSchema.required: Invalid input: expected array, received string');
    // Invalid tools stay callable through Switchboard (docs/tool-bridge.md#invalid-tools).
    const result = await manager.callTool('badschema', 'bad_type', {});
    expect(result.text).toBe('called bad_type {}');
  });
});
