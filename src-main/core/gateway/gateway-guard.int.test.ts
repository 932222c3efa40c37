/**
 * Issue 31 item 3, guard rails per host, with real servers (the gateway world: Claude Code holds
 * server-everything and server-memory, Cursor server-memory). server-memory annotates
 * `read_graph` readOnlyHint: true, `create_entities` neither read-only nor destructive, and
 * `delete_relations` destructiveHint: true; server-everything's `echo` is read-only.
 *
 * - Read-only for Claude Code: its list keeps only read-only tools, a call to another is refused
 *   with words; Cursor's list is unchanged.
 * - Confirm destructive, 1.5 s timeout: a destructive call nobody answers is refused after the
 *   timeout with words the agent reads, and kept in the history as refused; a read-only call does
 *   not wait.
 * - Allowed in the window (`requests:answer` to the pending confirmation): the call runs and its
 *   result returns; denied: refused. A chosen tool list asks for exactly those tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../src-shared/api/contract.js';
import type { PendingServerRequest } from '../../../src-shared/api/inspector.js';
import type { SwitchboardCore } from '../facade/types.js';
import { processesWithMarker } from '../composition/test-world.js';
import { ok } from '../composition/test-cores.js';
import { startedGatewayCore, type GatewayWorld } from './test-gateway-world.js';

const open: Array<{ world: GatewayWorld['world']; core: SwitchboardCore }> = [];
let core: SwitchboardCore;
const pending: PendingServerRequest[] = [];
/** How the next confirmation is answered (undefined: not at all). */
let answerWith: ((r: PendingServerRequest) => void) | undefined;

beforeAll(async () => {
  ({ core } = await startedGatewayCore(open));
  // A face: the window's requests dialog, answering through the contract.
  core.subscribe(<E extends EventName>(event: E, payload: EventPayload<E>) => {
    if (event !== 'requests:pending') return;
    const r = payload as PendingServerRequest;
    pending.push(r);
    answerWith?.(r);
  });
}, 60_000);

afterAll(async () => {
  for (const { world, core: c } of open.splice(0)) {
    await c.dispose();
    expect(processesWithMarker(world.marker)).toEqual([]);
    world.cleanup();
  }
});

const names = async (host: 'claude-code' | 'cursor'): Promise<string[]> => (await ok(core.handlers['gateway:list']({ host }))).tools.map((t) => t.name);

describe('guard rails per host (issue 31 item 3)', () => {
  it('read-only: only readOnlyHint tools are listed and may be called; other hosts unchanged', async () => {
    expect(await ok(core.handlers['gateway:guard']({ host: 'claude-code' }))).toEqual({ host: 'claude-code', confirm: 'off', confirmTimeoutMs: 120_000, readOnly: false });
    expect(await ok(core.handlers['gateway:setGuard']({ host: 'claude-code', readOnly: true }))).toMatchObject({ readOnly: true, confirm: 'off' });
    const claude = await names('claude-code');
    expect(claude).toContain('memory_read_graph');
    expect(claude).toContain('everything_echo');
    expect(claude).not.toContain('memory_create_entities');
    expect(claude).not.toContain('memory_delete_relations');
    const refused = await core.handlers['gateway:call']({ host: 'claude-code', name: 'memory_create_entities', args: { entities: [] } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'DISABLED',
        message:
          'Tool "memory_create_entities" is not read-only (its server does not annotate it readOnlyHint: true), and Claude Code\'s gateway is read-only in Switchboard; switch that off with: switchboard guard claude-code --read-only off',
      },
    });
    // The single-server door too: not offered under its raw name, refused by it.
    const single = (await ok(core.handlers['gateway:list']({ host: 'claude-code', server: 'memory' }))).tools.map((t) => t.name);
    expect(single).toEqual(['open_nodes', 'read_graph', 'search_nodes']);
    expect(await core.handlers['gateway:call']({ host: 'claude-code', server: 'memory', name: 'create_entities', args: { entities: [] } })).toMatchObject({ ok: false, error: { code: 'DISABLED' } });
    expect(await names('cursor')).toContain('memory_create_entities');
    await ok(core.handlers['gateway:setGuard']({ host: 'claude-code', readOnly: false }));
    expect(await names('claude-code')).toContain('memory_create_entities');
  });

  it('a destructive call nobody confirms is refused after the timeout; a read-only one does not wait', async () => {
    answerWith = undefined;
    await ok(core.handlers['gateway:setGuard']({ host: 'claude-code', confirm: 'destructive', confirmTimeoutMs: 1500 }));
    const echo = await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message: 'no wait' } }));
    expect(echo.text).toBe('Echo: no wait');
    expect(pending).toEqual([]);
    const r = await core.handlers['gateway:call']({ host: 'claude-code', name: 'memory_delete_relations', args: { relations: [] } });
    const words = 'Tool "memory_delete_relations" was not confirmed within 1.5 s; ask the user to approve it in Switchboard (Claude Code\'s guard rails ask before this tool runs)';
    expect(r).toEqual({ ok: false, error: { code: 'TIMEOUT', message: words } });
    // It was shown in the window while it waited, and is gone now.
    expect(pending.map((p) => [p.kind, p.server, p.confirm])).toEqual([['elicitation', 'memory', { host: 'claude-code', name: 'memory_delete_relations' }]]);
    expect(await ok(core.handlers['requests:list']({}))).toEqual([]);
    const history = await ok(core.handlers['history:list']({ server: 'memory' }));
    // Both refusals are kept: the read-only one (first test) and this one.
    expect(history.map((h) => [h.tool, h.outcome, h.refused?.code])).toEqual([
      ['create_entities', 'refused', 'DISABLED'],
      ['create_entities', 'refused', 'DISABLED'],
      ['delete_relations', 'refused', 'TIMEOUT'],
    ]);
    expect(history[2]?.refused).toEqual({ name: 'memory_delete_relations', code: 'TIMEOUT', reason: words });
  });

  it('allowed in the window: the call runs and its result returns; denied: refused; a chosen list asks for those tools only', async () => {
    pending.length = 0;
    answerWith = (p) => void core.handlers['requests:answer']({ id: p.id, answer: { action: 'accept', content: { confirm: true } } });
    const allowed = await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'memory_delete_relations', args: { relations: [] } }));
    expect(allowed.isError).toBe(false);
    expect(allowed.text).toBe('Relations deleted successfully');
    expect(pending).toHaveLength(1);
    expect(String(pending[0]?.params.message)).toBe('Claude Code\'s agent wants to call "memory_delete_relations" (tool "delete_relations" of server "memory") with {"relations":[]}. Allow this call?');

    await ok(core.handlers['gateway:setGuard']({ host: 'claude-code', confirm: ['everything_echo'] }));
    answerWith = (p) => void core.handlers['requests:answer']({ id: p.id, answer: { action: 'decline' } });
    expect(await core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message: 'x' } })).toEqual({
      ok: false,
      error: { code: 'CANCELLED', message: 'Tool "everything_echo" was not allowed in Switchboard: the user denied this call (guard rails of Switchboard\'s gateway)' },
    });
    // Not chosen: runs without asking.
    expect((await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'memory_delete_relations', args: { relations: [] } }))).isError).toBe(false);
    expect(pending).toHaveLength(2);
  });
});
