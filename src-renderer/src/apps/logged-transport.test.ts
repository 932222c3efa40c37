import { describe, expect, it } from 'vitest';
import { LoggedTransport, type BridgeLogEntry } from './logged-transport.js';

describe('LoggedTransport', () => {
  it('posts to the exact sandbox origin, logs both ways and pairs a response with its request', async () => {
    const posted: [unknown, string][] = [];
    const frame = { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) } as unknown as Window;
    const log: BridgeLogEntry[] = [];
    const t = new LoggedTransport(frame, 'http://127.0.0.1:5', (e) => log.push(e));
    const handled: unknown[] = [];
    t.onmessage = (m) => handled.push(m);
    const request = { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'get-time' } };
    t.onmessage?.(request);
    await t.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    await t.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    expect(handled).toEqual([request]);
    expect(posted.map(([, origin]) => origin)).toEqual(['http://127.0.0.1:5', 'http://127.0.0.1:5']);
    expect(log.map(({ at: _at, ...e }) => e)).toEqual([
      { seq: 1, direction: 'app→host', method: 'tools/call', params: '{"name":"get-time"}' },
      { seq: 2, direction: 'host→app', method: 'response #7', params: '{"content":[]}', replyTo: 'tools/call' },
      { seq: 3, direction: 'host→app', method: 'ui/notifications/tool-input', params: '{"arguments":{}}' },
    ]);
  });
});
