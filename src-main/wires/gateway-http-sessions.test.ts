/**
 * The HTTP door's session table (gateway-http-sessions.ts) with the SDK's real transport and a door
 * server whose owner call answers nothing it is not asked: an `initialize` opens a session; a
 * session is reaped after `idleMs` without a request, never while a GET stream is open; a reaped id
 * is 404; a POST that is not an `initialize`, or a GET, without a session id opens nothing.
 */
import { describe, expect, it } from 'vitest';
import type { SwitchboardApi } from '../../src-shared/api/contract.js';
import { gatewayDoorServer } from './gateway-door-server.js';
import { gatewaySessions } from './gateway-http-sessions.js';

const call = (() => Promise.reject(new Error('not asked'))) as unknown as SwitchboardApi['call'];
const door = { host: 'claude-code' as const };

const rpc = (body: unknown, headers: Record<string, string> = {}, method = 'POST'): Request =>
  new Request('http://127.0.0.1:1/mcp/claude-code', {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

describe('gatewaySessions', () => {
  it('opens a session on initialize, reaps it when idle (never with an open stream), and then answers 404', async () => {
    let now = 1_000_000;
    const sessions = gatewaySessions({
      make: (d) => gatewayDoorServer({ version: '1', call, door: () => d, say: () => undefined, first: { resources: undefined, prompts: undefined } }),
      maxBodyBytes: 1024 * 1024,
      idleMs: 60_000,
      now: () => now,
    });
    try {
      const opened = await sessions.handle(rpc(initialize), door, 'token-a');
      expect(opened.status).toBe(200);
      const id = opened.headers.get('mcp-session-id') ?? '';
      expect(id).not.toBe('');
      expect(sessions.size).toBe(1);

      now += 59_999;
      expect(await sessions.reap()).toBe(0);
      const streamClosed = sessions.streamOpened(id);
      now += 120_000;
      expect(await sessions.reap()).toBe(0);
      streamClosed();
      now += 59_999;
      expect(await sessions.reap()).toBe(0);
      now += 1;
      expect(await sessions.reap()).toBe(1);
      expect(sessions.size).toBe(0);
      const gone = await sessions.handle(rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, { 'Mcp-Session-Id': id }), door, 'token-a');
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });

      // Without a session id: a GET is refused with words, a POST that is not an initialize opens nothing.
      const get = await sessions.handle(rpc(undefined, {}, 'GET'), door, 'token-a');
      expect(get.status).toBe(400);
      expect(await get.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Bad Request: GET needs the Mcp-Session-Id header of a session (open one with an initialize POST)' },
        id: null,
      });
      const stray = await sessions.handle(rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }), door, 'token-a');
      expect(stray.status).toBe(400);
      expect(sessions.size).toBe(0);

      // A session's id with another token: 403.
      const again = (await sessions.handle(rpc(initialize), door, 'token-a')).headers.get('mcp-session-id') ?? '';
      const stolen = await sessions.handle(rpc({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }, { 'Mcp-Session-Id': again }), door, 'token-b');
      expect(stolen.status).toBe(403);
      expect(await stolen.json()).toEqual({ error: 'This session was opened with another token; open a new session with an initialize POST' });
    } finally {
      await sessions.close();
    }
    expect(sessions.size).toBe(0);
  });
});
