import { describe, expect, it } from 'vitest';
import { LoggedTransport, type BridgeLogEntry } from './logged-transport.js';

const ORIGIN = 'http://127.0.0.1:5';

function setup() {
  const posted: [unknown, string][] = [];
  // Node's MessageEvent takes only a MessagePort as its source: the frame is one, posting into `posted`.
  const port = new MessageChannel().port1;
  Object.assign(port, { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) });
  const frame = port as unknown as Window;
  const events = new EventTarget();
  const log: BridgeLogEntry[] = [];
  const t = new LoggedTransport(frame, ORIGIN, (e) => log.push(e), events);
  const handled: unknown[] = [];
  const errors: string[] = [];
  t.onmessage = (m) => handled.push(m);
  t.onerror = (e) => errors.push(e.message);
  const arrive = (data: unknown, from: { source?: unknown; origin?: string } = {}): void => {
    events.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? ORIGIN, source: (from.source ?? frame) as never }));
  };
  return { t, posted, log, handled, errors, arrive };
}

describe('LoggedTransport', () => {
  it('posts to the exact sandbox origin, logs both ways and pairs a response with its request', async () => {
    const { t, posted, log, handled, arrive } = setup();
    await t.start();
    const request = { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'get-time' } };
    arrive(request);
    await t.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    await t.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    expect(handled).toEqual([request]);
    expect(posted.map(([, origin]) => origin)).toEqual([ORIGIN, ORIGIN]);
    expect(log.map(({ at: _at, ...e }) => e)).toEqual([
      { seq: 1, direction: 'app→host', method: 'tools/call', params: '{"name":"get-time"}' },
      { seq: 2, direction: 'host→app', method: 'response #7', params: '{"content":[]}', replyTo: 'tools/call' },
      { seq: 3, direction: 'host→app', method: 'ui/notifications/tool-input', params: '{"arguments":{}}' },
    ]);
  });

  it('takes messages only from its frame and origin; ignores what is not JSON-RPC, reports broken JSON-RPC; stops at close', async () => {
    const { t, log, handled, errors, arrive } = setup();
    const closed: string[] = [];
    t.onclose = () => closed.push('closed');
    const ping = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
    arrive(ping);
    expect(handled).toEqual([]); // not started yet
    await t.start();
    arrive(ping, { source: new MessageChannel().port1 });
    arrive(ping, { origin: 'http://127.0.0.1:6' });
    arrive({ type: 'webpackOk' });
    arrive('text');
    arrive(null);
    expect(handled).toEqual([]);
    expect(errors).toEqual([]);
    arrive({ jsonrpc: '2.0', id: {}, method: 7 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Invalid JSON-RPC message received: /);
    arrive(ping);
    expect(handled).toEqual([ping]);
    await t.close();
    arrive(ping);
    expect(handled).toEqual([ping]);
    expect(closed).toEqual(['closed']);
    expect(log.map((e) => e.method)).toEqual(['notifications/message']);
  });
});
