/**
 * The instance key (issue 30 item 6, docs/gateway.md § Sharing): the same definition with the same
 * roots shares; other args, env, url or roots do not, and the words name what differs (a secret
 * value never shown); per-tool lists and `enabled` are not part of it. The host's list then shows an
 * unshared server as not ready with those words, and a server that needs a sign-in with the verb.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { instanceKey, instanceMismatch } from './gateway-instance.js';
import { buildGatewayList, gatewayLookup } from './gateway-view.js';

const def = (file: string, extra: Partial<ServerDefinition> = {}): ServerDefinition => ({
  name: 'memory',
  transport: 'stdio',
  command: 'node',
  args: ['memory.js'],
  env: { MEMORY_FILE_PATH: '/m.jsonl' },
  enabled: true,
  unresolved: [],
  source: { host: file.includes('cursor') ? 'cursor' : 'claude-code', file, scope: 'user' },
  ...extra,
});
const root = (uri: string) => ({ uri, name: 'p' });
const claude = { def: def('/h/.claude.json'), roots: [root('file:///p')] };

describe('the gateway’s instance key', () => {
  it('shares the same definition and roots, whatever file, host filters or root names', () => {
    const cursor = { def: def('/h/.cursor/mcp.json', { disabledTools: ['read_graph'], enabled: true }), roots: [{ uri: 'file:///p', name: 'other label' }] };
    expect(instanceKey(cursor)).toBe(instanceKey(claude));
    expect(instanceMismatch(cursor, claude)).toBeUndefined();
  });

  it('keeps other args, env, secrets and roots apart, naming what differs', () => {
    expect(instanceMismatch({ def: def('/h/.cursor/mcp.json', { env: { MEMORY_FILE_PATH: '/other.jsonl' } }), roots: claude.roots }, claude)).toBe(
      'its definition in /h/.cursor/mcp.json differs from the one Switchboard runs (from /h/.claude.json): env.MEMORY_FILE_PATH',
    );
    expect(instanceMismatch({ def: def('/h/.cursor/mcp.json', { args: ['memory.js', '--x'] }), roots: claude.roots }, claude)).toBe(
      'its definition in /h/.cursor/mcp.json differs from the one Switchboard runs (from /h/.claude.json): args',
    );
    const secret = instanceMismatch({ def: def('/h/.cursor/mcp.json', { env: { MEMORY_FILE_PATH: '/m.jsonl', API_TOKEN: 'hunter2-secret' } }), roots: claude.roots }, claude);
    expect(secret).toBe('its definition in /h/.cursor/mcp.json differs from the one Switchboard runs (from /h/.claude.json): env.API_TOKEN');
    expect(instanceMismatch({ def: def('/h/.cursor/mcp.json'), roots: [root('file:///q')] }, claude)).toBe('it would be given the roots [file:///q], the running one has [file:///p]');
    expect(instanceMismatch({ def: def('/h/.cursor/mcp.json'), roots: [] }, claude)).toBe('it would be given the roots [], the running one has [file:///p]');
  });

  it('lists an unshared server and one that needs a sign-in as not ready, with the words a call gets', () => {
    const tools: Tool[] = [{ name: 'read_graph', inputSchema: { type: 'object' } }];
    const prot = def('/h/.cursor/mcp.json', { name: 'prot', transport: 'http', url: 'http://127.0.0.1:1/mcp', command: undefined, args: undefined, env: undefined });
    const { list, gate } = buildGatewayList({
      host: 'cursor',
      project: '/p',
      view: { host: 'cursor', label: 'Cursor', files: [], entries: [{ definition: def('/h/.cursor/mcp.json'), loaded: true }, { definition: prot, loaded: true }] },
      state: (s) => (s === 'prot' ? { status: 'needs-auth', lastError: 'Authentication required' } : { status: 'connected' }),
      listed: () => tools,
      heldByPin: () => new Set(),
      switchboardOff: () => new Set(),
      bridgeOff: () => new Set(),
      managed: ['memory', 'prot'],
      unshared: (d) => (d.name === 'memory' ? 'it would be given the roots [file:///q], the running one has [file:///p]' : undefined),
    });
    const apart = 'not shared with Cursor: it would be given the roots [file:///q], the running one has [file:///p]';
    const signIn = 'needs sign-in: run switchboard reauth prot (one sign-in in Switchboard serves every host)';
    expect(list.tools).toEqual([]);
    expect(list.servers).toEqual([
      { server: 'memory', state: 'not-ready', reason: apart, tools: 0 },
      { server: 'prot', state: 'not-ready', reason: signIn, tools: 0 },
    ]);
    expect(gatewayLookup(gate, 'cursor', 'memory_read_graph', false)).toEqual({ code: 'NOT_CONNECTED', message: `Tool "memory_read_graph": server "memory": ${apart}` });
    expect(gatewayLookup(gate, 'cursor', 'prot_whoami', false)).toEqual({ code: 'NOT_CONNECTED', message: `Tool "prot_whoami": server "prot": ${signIn}` });
  });

  it('reads an instance’s own state and tools, and says when it is still starting', () => {
    const base = {
      host: 'cursor' as const,
      project: '/p',
      view: { host: 'cursor' as const, label: 'Cursor', files: [], entries: [{ definition: def('/h/.cursor/mcp.json'), loaded: true }] },
      heldByPin: () => new Set<string>(),
      switchboardOff: () => new Set<string>(),
      bridgeOff: () => new Set<string>(),
      managed: ['memory'],
      instance: () => 'memory@0123abcd',
    };
    const running = buildGatewayList({ ...base, state: (s) => (s === 'memory@0123abcd' ? { status: 'connected' } : undefined), listed: (s) => (s === 'memory@0123abcd' ? [{ name: 'read_graph', inputSchema: { type: 'object' } }] : []) });
    expect(running.list.tools.map((t) => [t.name, t.server, t.tool])).toEqual([['memory_read_graph', 'memory', 'read_graph']]);
    expect(running.gate.instances).toEqual(new Map([['memory', 'memory@0123abcd']]));
    const starting = buildGatewayList({ ...base, state: () => undefined, listed: () => [] });
    expect(starting.list.servers).toEqual([{ server: 'memory', state: 'not-ready', reason: 'server not ready: its own instance for Cursor (memory@0123abcd) is starting', tools: 0 }]);
  });
});
