/** One-time tickets (session-tickets.ts): random, single use, gone after their time. */
import { describe, expect, it } from 'vitest';
import { SessionTickets } from './session-tickets.js';

describe('SessionTickets', () => {
  it('a ticket works once, within its time; unknown ones never', () => {
    let now = 1_000;
    const tickets = new SessionTickets(60_000, () => now);
    const a = tickets.issue();
    const b = tickets.issue();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
    expect(tickets.redeem(a)).toBe(true);
    expect(tickets.redeem(a)).toBe(false);
    expect(tickets.redeem(undefined)).toBe(false);
    expect(tickets.redeem('made-up')).toBe(false);
    now += 60_000;
    expect(tickets.redeem(b)).toBe(false);
    const c = tickets.issue();
    now += 59_999;
    expect(tickets.redeem(c)).toBe(true);
  });
});
