import { describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../../../src-shared/api/inspector.js';
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

  it('tells pauseFor listeners of their own server only, and adds no emitter listener per call (1,000 concurrent calls)', async () => {
    const broker = new ServerRequestBroker({ hasFace: () => true });
    const told: string[] = [];
    const offs = Array.from({ length: 1000 }, (_, i) => broker.pauseFor(i === 0 ? 'a' : 'b').onChange(() => told.push(i === 0 ? 'a' : 'b')));
    expect([broker.listenerCount('pending'), broker.listenerCount('gateway'), broker.listenerCount('resolved')]).toEqual([0, 0, 0]);
    const asked = broker.ask('a', 'sampling', {});
    expect(broker.pauseFor('a').isPaused()).toBe(true);
    expect(broker.pauseFor('b').isPaused()).toBe(false);
    broker.declineAll();
    expect(await asked).toEqual({ action: 'decline' });
    expect(told).toEqual(['a', 'a']);
    for (const off of offs) off();
    void broker.ask('a', 'sampling', {});
    broker.declineAll();
    expect(told).toEqual(['a', 'a']);
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

  it('routes a request during a relaying gateway call to that door, never the window; refuses in words when the host did not declare it or two doors run calls (issue 30 item 5)', async () => {
    const broker = new ServerRequestBroker({ hasFace: () => false, policy: acceptWithDefaults });
    const toDoor: PendingServerRequest[] = [];
    const toWindow: PendingServerRequest[] = [];
    broker.on('gateway', (r) => toDoor.push(r));
    broker.on('pending', (r) => toWindow.push(r));
    const relay = { door: 'door-a', sampling: true, elicitation: false, roots: true };
    const end = broker.gatewayCall('s', 'claude-code', { ...relay, callId: 'gw-a-1' });
    expect(broker.gatewayRoute('s', 'sampling')).toEqual({ via: { host: 'claude-code', callId: 'gw-a-1' } });
    expect(broker.gatewayRefusal('s', 'elicitation')).toBe('Claude Code did not declare the elicitation capability to Switchboard\'s gateway, so the elicitation request of server "s" cannot reach it');

    // No face and a policy: still the door's (the host answers, not the policy or the window).
    const answer = broker.ask('s', 'sampling', { maxTokens: 5 });
    expect(toDoor).toMatchObject([{ server: 's', kind: 'sampling', params: { maxTokens: 5 }, via: { host: 'claude-code', callId: 'gw-a-1' } }]);
    expect(toWindow).toEqual([]);
    expect(broker.pending()).toEqual([]);
    const relayed = { action: 'relayed' as const, result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' } };
    expect(broker.answer(toDoor[0]?.id ?? '', relayed)).toBe(true);
    expect(await answer).toEqual(relayed);

    // A second door's call on the same server: ambiguous, refused; another server is not affected.
    const endCursor = broker.gatewayCall('s', 'cursor', { ...relay, door: 'door-b', callId: 'gw-b-1' });
    expect(broker.gatewayRefusal('s', 'sampling')).toBe(
      'Switchboard\'s gateway cannot tell which call caused this sampling request of server "s": calls from Claude Code and Cursor run on it at once, and stdio carries no link from a server\'s request to its call',
    );
    expect(broker.gatewayRoute('other', 'sampling')).toBeUndefined();
    endCursor();
    const endSecond = broker.gatewayCall('s', 'claude-code', { ...relay, door: 'door-c', callId: 'gw-c-1' });
    expect(broker.gatewayRefusal('s', 'roots')).toBe(
      'Switchboard\'s gateway cannot tell which call caused this roots request of server "s": calls from 2 doors of Claude Code run on it at once, and stdio carries no link from a server\'s request to its call',
    );
    endSecond();
    // roots of a host that did not declare them (or a door relaying nothing): the instance's own roots answer.
    const endUndeclared = broker.gatewayCall('t', 'cursor', { ...relay, roots: false, door: 'door-d', callId: 'gw-d-1' });
    const endNoRelay = broker.gatewayCall('u', 'cursor');
    expect([broker.gatewayRoute('t', 'roots'), broker.gatewayRoute('u', 'roots')]).toEqual([undefined, undefined]);
    expect(broker.gatewayRefusal('u', 'sampling')).toBe("Switchboard's gateway does not relay sampling to Cursor yet");
    endUndeclared();
    endNoRelay();

    // The call ends while its request waits: the request is cancelled, never left hanging.
    const left = broker.ask('s', 'roots', {});
    end();
    expect(await left).toEqual({ action: 'cancel' });
    expect(broker.gatewayRoute('s', 'sampling')).toBeUndefined();
  });
});
