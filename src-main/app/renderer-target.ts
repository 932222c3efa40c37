/**
 * Where the renderer lives and what it may reach: the facts the window and the IPC sender check
 * share (ARCHITECTURE rule 3, Electron's security checklist). Pure: no electron import, so it is
 * unit-tested in plain Node.
 */
import { resolve } from 'node:path';
import { isOpenableUrl } from '../../src-shared/openable-url.js';

// The target's type and the sender check live in the wires (wires/renderer-origin.ts), which the
// IPC binding uses and which may not import this face (issue 29 item 5); re-exported for the shell.
export { isTrustedRendererUrl, type RendererTarget } from '../wires/renderer-origin.js';
import type { RendererTarget } from '../wires/renderer-origin.js';

/**
 * The target for this run: `ELECTRON_RENDERER_URL` (set by `electron-vite dev`) when the app is
 * not packaged and the variable is an http(s) URL; otherwise the built `indexPath`.
 */
export function resolveRendererTarget(options: {
  isPackaged: boolean;
  devUrl: string | undefined;
  indexPath: string;
}): RendererTarget {
  if (!options.isPackaged && options.devUrl && isOpenableUrl(options.devUrl)) {
    return { kind: 'dev', url: options.devUrl };
  }
  return { kind: 'file', indexPath: resolve(options.indexPath) };
}

/** May this link leave the app for the OS browser? The one rule (src-shared/openable-url.ts): only `http:` / `https:`. */
export function isAllowedExternalUrl(url: string): boolean {
  return isOpenableUrl(url);
}

/**
 * The Content-Security-Policy header for the renderer. Production: `default-src 'self'; script-src
 * 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'`, plus
 * `media-src` / `font-src 'self' data:` and `object-src 'none'; base-uri 'none'; frame-ancestors
 * 'none'`, and `frame-src <the MCP Apps sandbox origin>` when it runs. Dev adds what Vite's HMR and the
 * React refresh preamble need (`'unsafe-inline'` scripts, `ws:` to the dev server).
 */
export function contentSecurityPolicy(target: RendererTarget, appsSandboxOrigin?: string): string {
  const dev = target.kind === 'dev';
  const devOrigin = dev ? new URL(target.url) : undefined;
  const directives = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // Tool results carry audio as data: URLs (server-everything does); the renderer's own meta CSP
    // allows them, and both policies apply, so the header must not be narrower.
    "media-src 'self' data:",
    "font-src 'self' data:",
    devOrigin ? `connect-src 'self' ws://${devOrigin.host} ${devOrigin.origin}` : "connect-src 'self'",
    // The MCP Apps sandbox's proxy page may be framed (docs/mcp-apps.md § Sandbox), nothing else.
    ...(appsSandboxOrigin ? [`frame-src ${appsSandboxOrigin}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}
