/**
 * The MCP Apps sandbox server (issue 33 § 2; docs/mcp-apps.md § Sandbox): a SECOND listener on
 * 127.0.0.1 (never `::1`, never all interfaces), on a port the OS picks at start, so an app's frame
 * has an origin other than Switchboard's. It serves one path, {@link SANDBOX_PROXY_PATH}, the proxy
 * page (apps-sandbox-page.ts); everything else is 404. No token, no cookies, no API: it knows
 * nothing of the core.
 *
 * `GET /sandbox-proxy.html?csp=<JSON>&permissions=<JSON>`: `csp` is the resource's `_meta.ui.csp`,
 * `permissions` the `_meta.ui.permissions` the person allowed (both optional; bad JSON counts as
 * absent, bad domains are dropped — csp.ts). The page's `Content-Security-Policy` header is the app's
 * policy (csp.ts `buildAppCsp`) plus `frame-ancestors <host origins>`; every other response's is
 * `frame-ancestors <host origins>` alone. Every response has `Referrer-Policy: no-referrer`,
 * `X-Content-Type-Options: nosniff` and `Cache-Control: no-store`. A foreign `Host` header (DNS
 * rebinding) gets 403.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALL_APP_PERMISSIONS, appAllowAttribute, buildAppCsp } from '../core/index.js';
import { sandboxProxyPage } from './apps-sandbox-page.js';
import { hostAllowed } from './request-guard.js';

/** The one path the sandbox serves. */
export const SANDBOX_PROXY_PATH = '/sandbox-proxy.html';

export interface AppsSandbox {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** Close the listener and every connection; idempotent. */
  close(): Promise<void>;
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Start the sandbox for the web host at `hostOrigin` (its page's origins, `http://127.0.0.1:<port>`
 * and `http://localhost:<port>`), or the desktop window's renderer (its dev server's origin, or
 * `file://` for the built page); each is a `frame-ancestors` source. `port` 0 (default)
 * = chosen by the OS. Rejects when the port cannot be bound.
 */
export async function startAppsSandbox(hostOrigin: string | readonly string[], port = 0): Promise<AppsSandbox> {
  let bound = 0;
  const hosts = typeof hostOrigin === 'string' ? [hostOrigin] : [...hostOrigin];
  // A CSP source for file: pages is the scheme (`file:`), the origin messages carry is `file://`.
  const ancestors = `frame-ancestors ${hosts.map((h) => (h === 'file://' ? 'file:' : h)).join(' ')}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const base = { 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${bound}`);
    const plain = (status: number, text: string): void => {
      res.writeHead(status, { ...base, 'Content-Security-Policy': ancestors, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (!hostAllowed(req.headers.host, bound)) return plain(403, 'Forbidden');
    if (url.pathname !== SANDBOX_PROXY_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return plain(404, 'Not Found');
    const { policy } = buildAppCsp(parseJson(url.searchParams.get('csp')));
    const allow = appAllowAttribute(parseJson(url.searchParams.get('permissions')), ALL_APP_PERMISSIONS);
    const body = sandboxProxyPage(hosts, allow);
    res.writeHead(200, { ...base, 'Content-Security-Policy': `${policy}; ${ancestors}`, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  bound = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
