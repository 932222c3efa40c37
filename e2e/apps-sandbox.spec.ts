/**
 * The MCP Apps sandbox (issue 33 § 2) in Chromium against `switchboard serve`: the app's page frames
 * the proxy page from the second loopback port; the proxy posts `sandbox-proxy-ready`, loads the
 * resource given in `sandbox-resource-ready` into its inner frame under the CSP built from the
 * declared domains, and relays messages both ways. Inside the app: a fetch to an undeclared origin
 * is blocked by `connect-src`, and the host's document (window.top) is out of reach (cross-origin).
 */
import { expect, test } from './fixtures.js';

/** The hostile app: reports what it could do to the host, answers a relayed ping. */
const APP_HTML = (appOrigin: string): string => `<!doctype html><html><body><script>
const say = (params) => parent.postMessage({ jsonrpc: '2.0', method: 'test/report', params }, '*');
let top_ = 'readable';
try { top_ = String(window.top.document.title); } catch (e) { top_ = 'threw ' + e.name; }
const violation = new Promise((r) => document.addEventListener('securitypolicyviolation', (e) => r(e.effectiveDirective + ' ' + e.blockedURI)));
const fetched = fetch(${JSON.stringify(appOrigin)} + '/').then(() => 'fetched', (e) => 'failed ' + e.name);
Promise.all([fetched, violation]).then(([fetch, violation]) => say({ top: top_, fetch, violation, referrer: document.referrer }));
window.addEventListener('message', (e) => { if (e.data && e.data.method === 'test/ping') parent.postMessage({ jsonrpc: '2.0', method: 'test/pong', params: e.data.params }, '*'); });
</script></body></html>`;

test('the sandbox proxy: ready, resource loaded under its CSP, relayed, host out of reach', async ({ page, sandbox }) => {
  const sb = sandbox('empty');
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  const url = await sb.serve();
  const response = await page.goto(url);
  const appOrigin = new URL(url).origin;
  const sandboxOrigin = /; frame-src (http:\/\/127\.0\.0\.1:\d+)$/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
  expect(sandboxOrigin).toBeDefined();
  expect(sandboxOrigin).not.toBe(appOrigin);

  const messages = await page.evaluate(
    async ({ sandboxOrigin, html }) => {
      const seen: unknown[] = [];
      const frame = document.createElement('iframe');
      const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://declared.example'] }));
      frame.src = `${sandboxOrigin}/sandbox-proxy.html?csp=${csp}`;
      const done = new Promise<void>((resolve) => {
        window.addEventListener('message', (e: MessageEvent<{ method?: string }>) => {
          if (e.origin !== sandboxOrigin || e.source !== frame.contentWindow) return;
          seen.push(e.data);
          const send = (m: unknown): void => frame.contentWindow?.postMessage(m, sandboxOrigin);
          if (e.data.method === 'ui/notifications/sandbox-proxy-ready') send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html } });
          if (e.data.method === 'test/report') send({ jsonrpc: '2.0', method: 'test/ping', params: { n: 1 } });
          if (e.data.method === 'test/pong') resolve();
        });
      });
      document.body.appendChild(frame);
      await Promise.race([done, new Promise((r) => setTimeout(r, 20_000))]);
      return seen;
    },
    { sandboxOrigin: sandboxOrigin ?? '', html: APP_HTML(appOrigin) },
  );

  expect(messages, consoleLines.join('\n')).toEqual([
    { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} },
    { jsonrpc: '2.0', method: 'test/report', params: { top: 'threw SecurityError', fetch: 'failed TypeError', violation: `connect-src ${appOrigin}/`, referrer: '' } },
    { jsonrpc: '2.0', method: 'test/pong', params: { n: 1 } },
  ]);
});
