import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { withTaskCapabilityV2 } from '@modelcontextprotocol/ext-tasks/core/v2';
import { declareTasksExtension, TASKS_EXTENSION } from './modern-tasks.js';

const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** A 2026-era client whose server offers the tasks extension (what `declareTasksExtension` asks). */
const client = { getProtocolEra: () => 'modern', getServerCapabilities: () => ({ extensions: { [TASKS_EXTENSION]: {} } }) } as unknown as Client;
const capabilities = { roots: { listChanged: true }, sampling: {}, extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: { [CAPS_KEY]: capabilities, progressToken: id } } });

describe('declareTasksExtension (issue 32 item 1: the declaring capabilities made once, not per call)', () => {
  it("declares the extension as ext-tasks' withTaskCapabilityV2 does, the same declaring object for every request carrying the same capabilities", () => {
    const first = declareTasksExtension(client, call(1));
    const second = declareTasksExtension(client, call(2));
    expect(first.params).toEqual(withTaskCapabilityV2(call(1).params));
    expect(second.params).toEqual(withTaskCapabilityV2(call(2).params));
    expect(second.params._meta[CAPS_KEY]).toBe(first.params._meta[CAPS_KEY]);
    // The SDK's own object is left as it was.
    expect(capabilities.extensions).toEqual({ 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } });
  });

  it('declares it on a request without capabilities in its _meta too, and leaves other methods alone', () => {
    const bare = { jsonrpc: '2.0', id: 3, method: 'tasks/get', params: { taskId: 't' } };
    expect(declareTasksExtension(client, bare).params).toEqual(withTaskCapabilityV2(bare.params));
    const list = { jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} };
    expect(declareTasksExtension(client, list)).toBe(list);
  });
});
