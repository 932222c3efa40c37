import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { buildToolInfos } from './tool-bridge.js';
import { resolveTool, type ResolvableConnection, type ToolSource } from './resolve-tool.js';

/** A connection in a given state: a plain value (resolveTool reads nothing else of it). */
function connection(status: string, extra: Partial<ResolvableConnection> & { lastError?: string; settlesAs?: string } = {}): ResolvableConnection & { status: string } {
  const tools: Tool[] = [
    { name: 'echo', inputSchema: { type: 'object', required: ['message'] }, outputSchema: { type: 'object' } },
    { name: 'hidden', inputSchema: { type: 'object' } },
    { name: 'held', inputSchema: { type: 'object' } },
    { name: 'pinned', inputSchema: { type: 'object' } },
  ];
  const c = {
    name: 's',
    status,
    definition: { timeout: 1234, disabledTools: ['hidden'] },
    whenSettled: async () => {
      if (extra.settlesAs) c.status = extra.settlesAs;
    },
    listedTools: () => tools,
    runtime: () => ({ lastError: extra.lastError }),
  };
  return c;
}

const held = new Set(['held', 'pinned']);
const filtersOf = (c: ResolvableConnection) => ({ disabledTools: [...(c.definition.disabledTools ?? []), ...held] });

function source(c: ResolvableConnection | undefined): ToolSource<ResolvableConnection> {
  return {
    connection: (server) => (server === 's' ? c : undefined),
    filters: filtersOf,
    heldReason: (_server, tool) => (held.has(tool) ? 'is switched off in Switchboard (context budget); switch it on with: switchboard budget on s held' : undefined),
    exposed: (server, tool, person) => buildToolInfos(c ? [{ server: 's', tools: c.listedTools(), ...(person ? {} : filtersOf(c)) }] : []).find((t) => t.server === server && t.name === tool),
    // Stands for a pin in block mode: held from a person too.
    blocked: (_server, tool) => tool === 'pinned',
  };
}

const refusal = async (c: ResolvableConnection | undefined, tool = 'echo', server = 's') => {
  const r = await resolveTool(source(c), server, tool);
  return r.ok ? 'resolved' : `${r.code}: ${r.message}`;
};

describe('resolveTool', () => {
  it('resolves a connected, exposed tool: definition, exposed name, outputSchema, the server timeout', async () => {
    const c = connection('connected');
    const r = await resolveTool(source(c), 's', 'echo');
    if (!r.ok) throw new Error(r.message);
    expect(r).toMatchObject({ ok: true, server: 's', name: 'echo', timeoutMs: 1234, outputSchema: { type: 'object' } });
    expect(r.connection).toBe(c);
    expect(r.definition.name).toBe('echo');
    expect(r.info).toMatchObject({ server: 's', name: 'echo', agentName: 'mcp_s_echo' });
  });

  it('waits for a connect in progress, then resolves or refuses by the settled status', async () => {
    expect(await refusal(connection('connecting', { settlesAs: 'connected' }))).toBe('resolved');
    expect(await refusal(connection('connecting', { settlesAs: 'error', lastError: 'spawn x ENOENT' }))).toBe('NOT_CONNECTED: Failed to connect to "s": spawn x ENOENT');
  });

  it('refuses with the CLI texts, by status', async () => {
    expect(await refusal(undefined, 'echo', 'nope')).toBe('NOT_FOUND: Unknown server "nope"');
    expect(await refusal(connection('disabled'))).toBe('DISABLED: Server "s" is disabled. Run switchboard enable s first.');
    expect(await refusal(connection('untrusted'))).toBe('UNTRUSTED: Server "s" comes from a project folder that is not trusted. Run switchboard trust first.');
    expect(await refusal(connection('changed'))).toBe(
      'UNTRUSTED: Server "s" has a definition you have not approved (new or changed since you approved it). Review it: switchboard trust --review',
    );
    expect(await refusal(connection('stopped'))).toBe('NOT_CONNECTED: Server "s" is stopped. Run switchboard start s first.');
    expect(await refusal(connection('backoff', { lastError: 'Process exited with code 1' }))).toBe(
      'NOT_CONNECTED: Failed to connect to "s": Process exited with code 1 (restarting automatically; retry in a moment)',
    );
    expect(await refusal(connection('needs-auth'))).toBe('NOT_CONNECTED: Failed to connect to "s": needs-auth');
  });

  it('refuses an unknown, a filtered and a held tool', async () => {
    const c = connection('connected');
    expect(await refusal(c, 'nope')).toBe('NOT_FOUND: Unknown tool "nope" on server "s"');
    expect(await refusal(c, 'hidden')).toBe('NOT_FOUND: Tool "hidden" on server "s" is filtered out by its enabledTools/disabledTools');
    expect(await refusal(c, 'held')).toBe('NOT_FOUND: Tool "held" on server "s" is switched off in Switchboard (context budget); switch it on with: switchboard budget on s held');
  });

  it('resolves a tool only off for agents for a person (issue 32), never a blocked one', async () => {
    const c = connection('connected');
    for (const tool of ['hidden', 'held']) {
      const r = await resolveTool(source(c), 's', tool, true);
      expect(r.ok ? r.name : r.message).toBe(tool);
    }
    expect(await refusal(c, 'hidden')).toBe('NOT_FOUND: Tool "hidden" on server "s" is filtered out by its enabledTools/disabledTools');
    const pinned = await resolveTool(source(c), 's', 'pinned', true);
    expect(pinned.ok ? 'resolved' : pinned.code).toBe('NOT_FOUND');
  });
});
