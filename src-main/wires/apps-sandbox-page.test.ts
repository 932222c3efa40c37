/**
 * The proxy page's script (apps-sandbox-page.ts) run in plain Node against a stand-in window: which
 * messages it takes from the host and where it posts, for a web host (exact origin) and for the
 * desktop window's built page (`file://`: an opaque origin to postMessage). The real page in
 * Chromium: e2e/apps-sandbox.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { sandboxProxyPage } from './apps-sandbox-page.js';

const SANDBOX = 'http://127.0.0.1:41000';

/** Run the page for `host`; returns what it posted to its parent and a way to deliver messages. */
function runPage(...hosts: string[]) {
  const html = sandboxProxyPage(hosts, '');
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
  const toParent: [unknown, string][] = [];
  const toApp: [unknown, string][] = [];
  const parent = { postMessage: (m: unknown, target: string) => toParent.push([m, target]) };
  const appWindow = { postMessage: (m: unknown, target: string) => toApp.push([m, target]) };
  let onMessage: ((e: { source: unknown; origin: string; data: unknown }) => void) | undefined;
  const frames: Record<string, unknown>[] = [];
  const window = { parent, addEventListener: (_: string, f: typeof onMessage) => (onMessage = f) };
  const document = {
    createElement: () => {
      const f: Record<string, unknown> = { contentWindow: appWindow, setAttribute: (k: string, v: string) => (f[k] = v) };
      frames.push(f);
      return f;
    },
    body: { appendChild: () => undefined },
  };
  new Function('window', 'document', 'location', script)(window, document, { origin: SANDBOX });
  const deliver = (source: unknown, origin: string, data: unknown): void => onMessage?.({ source, origin, data });
  return { toParent, toApp, frames, deliver, parent, appWindow };
}

const ready = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
const resource = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>app</p>' } };
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('the sandbox proxy page', () => {
  it('for a web host: posts to its exact origin and takes only its parent’s messages with that origin', () => {
    const host = 'http://127.0.0.1:40000';
    const p = runPage(host);
    expect(p.toParent).toEqual([[ready, host]]);
    p.deliver(p.parent, 'null', resource);
    p.deliver({}, host, resource);
    expect(p.frames).toEqual([]);
    p.deliver(p.parent, host, resource);
    expect(p.frames.map((f) => [f.sandbox, f.srcdoc])).toEqual([['allow-scripts allow-same-origin', '<p>app</p>']]);
    p.deliver(p.parent, host, ping);
    p.deliver(p.parent, 'file://', ping);
    expect(p.toApp).toEqual([[ping, SANDBOX]]);
    p.deliver(p.appWindow, SANDBOX, { jsonrpc: '2.0', id: 1, result: {} });
    expect(p.toParent.at(-1)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }, host]);
  });

  it('for a web page under either name (127.0.0.1, localhost): ready to each, then only the one its parent spoke from', () => {
    const [ip, name] = ['http://127.0.0.1:40000', 'http://localhost:40000'];
    const p = runPage(ip, name);
    // The browser drops the one that is not the parent's origin.
    expect(p.toParent).toEqual([
      [ready, ip],
      [ready, name],
    ]);
    p.deliver(p.parent, 'http://evil.example', resource);
    expect(p.frames).toEqual([]);
    p.deliver(p.parent, name, resource);
    expect(p.frames.length).toBe(1);
    // Fixed to localhost now: 127.0.0.1 is no longer its parent's origin.
    p.deliver(p.parent, ip, ping);
    p.deliver(p.parent, name, ping);
    expect(p.toApp).toEqual([[ping, SANDBOX]]);
    p.deliver(p.appWindow, SANDBOX, { jsonrpc: '2.0', id: 1, result: {} });
    expect(p.toParent.at(-1)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }, name]);
    expect(p.toParent.length).toBe(3);
  });

  it('for the desktop’s file:// page: posts to its parent with *, takes the parent’s messages with origin file:// or null, nobody else’s', () => {
    const p = runPage('file://');
    expect(p.toParent).toEqual([[ready, '*']]);
    p.deliver({}, 'null', resource);
    p.deliver(p.parent, 'http://127.0.0.1:40000', resource);
    expect(p.frames).toEqual([]);
    p.deliver(p.parent, 'null', resource);
    expect(p.frames.length).toBe(1);
    p.deliver(p.parent, 'file://', ping);
    p.deliver(p.parent, 'null', ping);
    p.deliver({}, 'file://', ping);
    expect(p.toApp).toEqual([
      [ping, SANDBOX],
      [ping, SANDBOX],
    ]);
    p.deliver(p.appWindow, SANDBOX, { jsonrpc: '2.0', id: 1, result: {} });
    p.deliver(p.appWindow, SANDBOX, { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready' });
    expect(p.toParent).toEqual([
      [ready, '*'],
      [{ jsonrpc: '2.0', id: 1, result: {} }, '*'],
    ]);
  });
});
