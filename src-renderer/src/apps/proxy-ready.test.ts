import { describe, expect, it } from 'vitest';
import { AppStartAborted, PROXY_READY, waitForProxyReady } from './proxy-ready.js';

const ORIGIN = 'http://127.0.0.1:5';

/** A host window's `message` events, counting its listeners. */
function host() {
  const events = new EventTarget();
  let listeners = 0;
  const add = events.addEventListener.bind(events);
  const remove = events.removeEventListener.bind(events);
  events.addEventListener = (...a: Parameters<EventTarget['addEventListener']>) => (listeners++, add(...a));
  events.removeEventListener = (...a: Parameters<EventTarget['removeEventListener']>) => (listeners--, remove(...a));
  const post = (data: unknown, origin: string, source: unknown): void => void events.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { events, post, listeners: () => listeners };
}

describe('waitForProxyReady', () => {
  it('takes sandbox-proxy-ready only from the exact origin and the frame’s own window', async () => {
    const h = host();
    const frame = { contentWindow: {} as Window };
    const ready = waitForProxyReady({ events: h.events, frame, origin: ORIGIN, timeoutMs: 60_000 });
    h.post({ method: PROXY_READY }, 'http://127.0.0.1:6', frame.contentWindow);
    h.post({ method: PROXY_READY }, ORIGIN, {});
    h.post({ method: 'ui/notifications/initialized' }, ORIGIN, frame.contentWindow);
    h.post({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, ORIGIN, frame.contentWindow);
    expect(await ready).toEqual({ target: frame.contentWindow, data: { jsonrpc: '2.0', method: PROXY_READY, params: {} } });
    expect(h.listeners()).toBe(0);
  });

  it('a frame that never posts: rejects with the panel’s words after the timeout and stops listening', async () => {
    const h = host();
    await expect(waitForProxyReady({ events: h.events, frame: { contentWindow: {} as Window }, origin: ORIGIN, timeoutMs: 20 })).rejects.toThrow(
      'The sandbox did not answer (no ui/notifications/sandbox-proxy-ready from http://127.0.0.1:5 within 0.02 s). It answers only the Switchboard page it was started for (this window or the page switchboard serve printed); if Switchboard restarted, reload this page.',
    );
    expect(h.listeners()).toBe(0);
  });

  it('an abort (a new start, the panel gone) rejects at once with AppStartAborted; a later wait still resolves', async () => {
    const h = host();
    const controller = new AbortController();
    const first = waitForProxyReady({ events: h.events, frame: { contentWindow: {} as Window }, origin: ORIGIN, signal: controller.signal, timeoutMs: 60_000 });
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(AppStartAborted);
    expect(h.listeners()).toBe(0);
    await expect(waitForProxyReady({ events: h.events, frame: { contentWindow: {} as Window }, origin: ORIGIN, signal: controller.signal })).rejects.toBeInstanceOf(AppStartAborted);
    const frame = { contentWindow: {} as Window };
    const second = waitForProxyReady({ events: h.events, frame, origin: ORIGIN, timeoutMs: 60_000 });
    h.post({ method: PROXY_READY }, ORIGIN, frame.contentWindow);
    expect((await second).target).toBe(frame.contentWindow);
  });
});
