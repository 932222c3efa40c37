/**
 * Issue 31 item 3 through the real stdio door: the SDK v2 client as Claude Code (declaring
 * elicitation) spawns the BUILT CLI `switchboard gateway --host claude-code` in the gateway world
 * (server-everything and server-memory); the rails are set with the CLI's `switchboard guard`
 * (first by a one-shot core, then through the door's headless owner).
 *
 * - Read-only on: `tools/list` offers no tool without `readOnlyHint: true`, and a call to one by
 *   name is an `isError` result whose text says why.
 * - Confirm destructive: the confirmation reaches the host as a form elicitation related to its
 *   call; accepting with `confirm: true` runs the call and returns its result, declining refuses it.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, processesWithMarker, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';
import { envOf } from './test-gateway-door.js';

let world: GatewayWorld['world'];
let client: Client;
/** The host's answer to the next elicitation. */
let hostAnswer: { action: 'accept'; content: { confirm: boolean } } | { action: 'decline' } = { action: 'decline' };
const asked: Array<{ message: string; schema: unknown }> = [];

const text = (r: unknown): string => ((r as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('');

beforeAll(async () => {
  ({ world } = makeGatewayWorld());
  const set = await runSwitchboard(world, ['guard', 'claude-code', '--read-only', 'on', '--json']);
  expect(set.code).toBe(0);
  expect(JSON.parse(set.stdout)).toEqual({ host: 'claude-code', confirm: 'off', confirmTimeoutMs: 120_000, readOnly: true });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined);
  client = new Client({ name: 'claude-code-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params as { message: string; requestedSchema?: unknown };
    asked.push({ message: params.message, schema: params.requestedSchema });
    return hostAnswer;
  });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client.close().catch(() => undefined);
  expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
  world.cleanup();
});

describe('guard rails through the stdio door (issue 31 item 3)', () => {
  it('read-only: a tool without readOnlyHint is not offered, and refused when called by name', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('memory_read_graph');
    expect(names).toContain('everything_echo');
    expect(names).not.toContain('memory_create_entities');
    expect(names).not.toContain('memory_delete_relations');
    const r = await client.callTool({ name: 'memory_create_entities', arguments: { entities: [] } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      'Tool "memory_create_entities" is not read-only (its server does not annotate it readOnlyHint: true), and Claude Code\'s gateway is read-only in Switchboard; switch that off with: switchboard guard claude-code --read-only off',
    );
  });

  it('confirm destructive: asked through elicitation to the host; accept runs the call, decline refuses it', async () => {
    const set = await runSwitchboard(world, ['guard', 'claude-code', '--read-only', 'off', '--confirm', 'destructive', '--timeout', '60s']);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('confirm: destructive tools wait for a confirmation');

    hostAnswer = { action: 'accept', content: { confirm: true } };
    const allowed = await client.callTool({ name: 'memory_delete_relations', arguments: { relations: [] } });
    expect(allowed.isError).toBe(false);
    expect(text(allowed)).toBe('Relations deleted successfully');
    expect(asked).toEqual([
      {
        message: 'Claude Code\'s agent wants to call "memory_delete_relations" (tool "delete_relations" of server "memory") with {"relations":[]}. Allow this call?',
        schema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Allow this call', default: false } }, required: ['confirm'] },
      },
    ]);

    hostAnswer = { action: 'decline' };
    const denied = await client.callTool({ name: 'memory_delete_relations', arguments: { relations: [] } });
    expect(denied.isError).toBe(true);
    expect(text(denied)).toBe('Tool "memory_delete_relations" was not allowed by Claude Code: the user denied this call (guard rails of Switchboard\'s gateway)');
    expect(asked).toHaveLength(2);
  });
});
