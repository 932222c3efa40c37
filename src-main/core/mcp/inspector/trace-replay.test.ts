import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../src-shared/api/lifecycle.js';
import { replayPlan } from './trace-replay.js';

const entry = (message: unknown, over: Partial<TraceEntry> = {}): TraceEntry => {
  const m = message as { method?: string; id?: number };
  return { seq: 1, server: 's', time: 0, direction: 'out', kind: 'request', method: m.method, id: m.id, text: typeof message === 'string' ? message : JSON.stringify(message), ...over };
};

describe('replayPlan (docs/inspecting.md "Replay")', () => {
  it('sends a request of ours again without its _meta (the client adds its own envelope)', () => {
    const plan = replayPlan(entry({ jsonrpc: '2.0', id: 4, method: 'prompts/get', params: { name: 'p', arguments: { a: '1' }, _meta: { progressToken: 4, 'io.modelcontextprotocol/logLevel': 'info' } } }));
    expect(plan).toEqual({ method: 'prompts/get', params: { name: 'p', arguments: { a: '1' } } });
    expect(replayPlan(entry({ jsonrpc: '2.0', id: 5, method: 'ping' }))).toEqual({ method: 'ping' });
  });

  it.each(['initialize', 'server/discover', 'subscriptions/listen', 'resources/subscribe', 'resources/unsubscribe'])('refuses %s', (method) => {
    const plan = replayPlan(entry({ jsonrpc: '2.0', id: 1, method, params: {} }));
    expect('refused' in plan && plan.refused).toMatch(new RegExp(`^${method} cannot be replayed: it `));
  });

  it('refuses what the server sent, a notification, a cut text, redacted params and a masked URL password', () => {
    const refused = (e: TraceEntry): string => {
      const plan = replayPlan(e);
      return 'refused' in plan ? plan.refused : 'sent';
    };
    expect(refused(entry({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} }, { direction: 'in' }))).toMatch(/a message the server sent/);
    expect(refused(entry({ jsonrpc: '2.0', method: 'notifications/initialized' }, { kind: 'notification' }))).toMatch(/this is a notification/);
    expect(refused(entry('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"big","arguments":{"x":"aaaa …[9000 more characters]', { method: 'tools/call' }))).toMatch(/cut to 4 KiB/);
    expect(refused(entry({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', arguments: { token: '[redacted]' } } }))).toMatch(/held a secret the trace redacted/);
    expect(refused(entry({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'https://me:***@example.com/x' } }))).toMatch(/held a secret the trace redacted/);
    // The marker only in _meta (dropped anyway) does not stop it.
    expect(refused(entry({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: { authorization: '[redacted]' } } }))).toBe('sent');
  });
});
