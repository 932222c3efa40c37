import { describe, expect, it } from 'vitest';
import { acceptWithDefaults, schemaDefaults, ServerRequestBroker } from './server-requests.js';

describe('ServerRequestBroker', () => {
  it('follows 100 calls in flight at once without a listener-leak warning (each call listens until it ends)', async () => {
    const broker = new ServerRequestBroker();
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    const offs = Array.from({ length: 100 }, () => broker.pauseFor('s').onChange(() => undefined));
    for (const off of offs) off();
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
    expect(broker.listenerCount('pending')).toBe(0);
  });

  it('declines at once when no face is attached (one-shot CLI)', async () => {
    const broker = new ServerRequestBroker();
    expect(await broker.ask('s', 'sampling', {})).toEqual({ action: 'decline' });
    expect(broker.pending()).toEqual([]);
  });

  it('waits for the answer of an attached face', async () => {
    const broker = new ServerRequestBroker({ hasFace: () => true });
    const seen: string[] = [];
    broker.on('pending', (r) => seen.push(r.id));
    const answer = broker.ask('s', 'elicitation', { message: 'hi' });
    expect(broker.pending()).toHaveLength(1);
    expect(broker.answer(seen[0]!, { action: 'accept', content: { a: 1 } })).toBe(true);
    expect(await answer).toEqual({ action: 'accept', content: { a: 1 } });
    expect(broker.answer(seen[0]!, { action: 'decline' })).toBe(false);
  });

  it('leaves the queue when the server withdraws, expires, or the faces go away', async () => {
    const broker = new ServerRequestBroker({ hasFace: () => true, maxWaitMs: 30 });
    const abort = new AbortController();
    const withdrawn = broker.ask('s', 'sampling', {}, abort.signal);
    abort.abort();
    expect(await withdrawn).toEqual({ action: 'cancel' });
    expect(await broker.ask('s', 'sampling', {})).toEqual({ action: 'decline' }); // expires after 30 ms
    const left = broker.ask('s', 'sampling', {});
    broker.declineAll();
    expect(await left).toEqual({ action: 'decline' });
    expect(broker.pending()).toEqual([]);
  });

  it('lets a policy answer without a person (conformance: accept with the defaults)', async () => {
    const broker = new ServerRequestBroker({ policy: acceptWithDefaults });
    const schema = { type: 'object', properties: { name: { type: 'string', default: 'x' }, n: { type: 'number' } } };
    expect(await broker.ask('s', 'elicitation', { requestedSchema: schema })).toEqual({ action: 'accept', content: { name: 'x' } });
    expect(await broker.ask('s', 'sampling', {})).toEqual({ action: 'decline' }); // falls through, no face
    expect(schemaDefaults(undefined)).toEqual({});
  });

  it('refuses, in words, requests from a server while a gateway call runs on it (issue 30), and only then', () => {
    const broker = new ServerRequestBroker({ hasFace: () => true });
    expect(broker.gatewayRefusal('s', 'sampling')).toBeUndefined();
    const endClaude = broker.gatewayCall('s', 'claude-code');
    const endCursor = broker.gatewayCall('s', 'cursor');
    expect(broker.gatewayRefusal('s', 'sampling')).toBe("Switchboard's gateway does not relay sampling to Cursor yet");
    expect(broker.gatewayRefusal('other', 'sampling')).toBeUndefined();
    endCursor();
    expect(broker.gatewayRefusal('s', 'elicitation')).toBe("Switchboard's gateway does not relay elicitation to Claude Code yet");
    endClaude();
    expect(broker.gatewayRefusal('s', 'sampling')).toBeUndefined();
  });
});
