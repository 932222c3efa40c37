import { describe, expect, it } from 'vitest';
import type { EventSubscription } from '../../../src-shared/api/events.js';
import { argumentsSummary, deliveryLabel, eventOrigin, eventsTabShown } from './event-format.js';

const modern = { era: 'modern', version: '2026-07-28', mode: 'auto', remembered: false } as const;
const legacy = { era: 'legacy', version: '2025-11-25', mode: 'auto', remembered: false } as const;

describe('eventsTabShown', () => {
  it('a connected server that advertises the extension, or a 2025-era one (which is told why not); nothing else', () => {
    expect(eventsTabShown({ status: 'connected', protocol: modern, capabilities: { extensions: { 'io.modelcontextprotocol/events': {} } } })).toBe(true);
    expect(eventsTabShown({ status: 'connected', protocol: legacy, capabilities: {} })).toBe(true);
    expect(eventsTabShown({ status: 'connected', protocol: modern, capabilities: { extensions: { 'io.example/other': {} } } })).toBe(false);
    expect(eventsTabShown({ status: 'connected', protocol: modern, capabilities: {} })).toBe(false);
    expect(eventsTabShown({ status: 'error', protocol: modern, capabilities: { extensions: { 'io.modelcontextprotocol/events': {} } } })).toBe(false);
  });
});

describe('labels', () => {
  const sub: EventSubscription = {
    id: 'evs_1', serverId: 'mon', name: 'disk-usage', arguments: { path: '/var', above: 90 }, delivery: 'poll', intervalMs: 5_000,
    lastCursor: null, state: 'active', received: 0, invalid: 0, gaps: 0, createdAt: 0,
  };

  it('arguments in one line, strings bare, cut at max', () => {
    expect(argumentsSummary({ path: '/var', above: 90, deep: { a: [1] } })).toBe('path=/var, above=90, deep={"a":[1]}');
    expect(argumentsSummary({})).toBe('no arguments');
    expect(argumentsSummary({ text: 'x'.repeat(100) }, 20)).toBe(`text=${'x'.repeat(14)}…`);
    expect(deliveryLabel(sub)).toBe('poll every 5 s');
    expect(deliveryLabel({ delivery: 'push', intervalMs: 60_000 })).toBe('push');
  });

  it('an entry names its subscription, or its id once unsubscribed', () => {
    expect(eventOrigin({ subscriptionId: 'evs_1', eventId: 'e-7' }, [sub])).toBe('subscription disk-usage (path=/var, above=90) on mon · event e-7');
    expect(eventOrigin({ subscriptionId: 'evs_9', gap: true }, [sub])).toBe('subscription evs_9 (no longer subscribed)');
  });
});
