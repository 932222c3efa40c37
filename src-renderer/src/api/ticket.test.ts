/**
 * `redeemTicket` (api/index.ts): a page opened at `/?ticket=…` trades it for the token once and puts
 * `?token=` in the address in its place; a refused ticket leaves neither in the address.
 */
import { describe, expect, it } from 'vitest';
import { redeemTicket } from './index.js';

const location = (search: string) => ({ origin: 'http://127.0.0.1:4000', pathname: '/', search });

function recorder() {
  const urls: string[] = [];
  return { urls, history: { replaceState: (_d: unknown, _t: string, url?: string | URL | null) => void urls.push(String(url)) } };
}

describe('redeemTicket', () => {
  it('no ticket: nothing asked, the address kept', async () => {
    const h = recorder();
    const asked: string[] = [];
    const fetcher = (async (url: string) => (asked.push(url), new Response(null, { status: 500 }))) as unknown as typeof fetch;
    expect(await redeemTicket(location('?token=t'), h.history, fetcher)).toBe('none');
    expect([asked, h.urls]).toEqual([[], []]);
  });

  it('redeemed: POSTs the ticket in a header and swaps it for ?token=', async () => {
    const h = recorder();
    const seen: { url: string; init?: RequestInit }[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => (seen.push({ url, init }), Response.json({ token: 'tok-1' }))) as unknown as typeof fetch;
    expect(await redeemTicket(location('?ticket=abc&x=1'), h.history, fetcher)).toBe('redeemed');
    expect(seen).toEqual([{ url: 'http://127.0.0.1:4000/session/redeem', init: { method: 'POST', headers: { 'x-switchboard-ticket': 'abc' }, cache: 'no-store' } }]);
    expect(h.urls).toEqual(['/?x=1&token=tok-1']);
  });

  it('refused (used or expired) or no answer: the ticket leaves the address, no token is set', async () => {
    for (const fetcher of [async () => new Response(null, { status: 401 }), async () => Promise.reject(new Error('down'))]) {
      const h = recorder();
      expect(await redeemTicket(location('?ticket=abc'), h.history, fetcher as unknown as typeof fetch)).toBe('refused');
      expect(h.urls).toEqual(['/']);
    }
  });
});
