/**
 * Serving the built renderer (`out/renderer`) to the browser in web mode: content types, `/` →
 * `index.html`, no directory traversal, and security headers (CSP) on every response.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Content type for a file name; `application/octet-stream` for unknown extensions. */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The Content-Security-Policy of every page we serve: only our own scripts, styles (inline allowed:
 * the component library injects style tags), images and audio (+ data: for tool results), and sockets back to
 * this host on this port.
 */
export function contentSecurityPolicy(port: number, sandboxOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    // The MCP Apps sandbox (apps-sandbox.ts) is the only origin the page may frame.
    ...(sandboxOrigin ? [`frame-src ${sandboxOrigin}`] : []),
  ].join('; ');
}

/** Headers on every HTTP response of the web host. `no-referrer`: the page URL carries the token. */
export function securityHeaders(port: number, sandboxOrigin?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port, sandboxOrigin),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * Map a URL pathname to a file inside `root`, or `undefined` when it would escape `root` (`..`,
 * encoded `%2e%2e`, backslashes, NUL) or is malformed. `/` (and any path ending in `/`) →
 * `index.html` of that folder.
 */
export function resolveStaticPath(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (decoded.endsWith('/')) decoded += 'index.html';
  const absRoot = resolve(root);
  const candidate = resolve(join(absRoot, decoded));
  const rel = relative(absRoot, candidate);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return candidate;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Answer one GET/HEAD for a static file under `root` (the built renderer). 404 for anything
 * missing or outside `root` (symlinks are resolved and re-checked), 405 for other methods.
 * `index.html` is sent with `Cache-Control: no-store`.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string, port: number, sandboxOrigin?: string): Promise<void> {
  const headers = securityHeaders(port, sandboxOrigin);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'Method Not Allowed', { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  const file = resolveStaticPath(root, pathname);
  if (!file) return send(res, 404, 'Not Found', headers);
  try {
    const realRoot = await realpath(root);
    const real = await realpath(file);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return send(res, 404, 'Not Found', headers);
    const info = await stat(real);
    if (!info.isFile()) return send(res, 404, 'Not Found', headers);
    const body = await readFile(real);
    res.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeFor(real),
      'Content-Length': body.length,
      'Cache-Control': real.endsWith('index.html') ? 'no-store' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    send(res, 404, 'Not Found', headers);
  }
}
