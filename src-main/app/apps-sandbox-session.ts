/**
 * The Electron side of the MCP Apps sandbox (issue 33 § 2; docs/mcp-apps.md § Sandbox, "Electron"):
 * the desktop window frames the sandbox's proxy page (wires/apps-sandbox.ts, on `127.0.0.1`) in an
 * `<iframe>`, as the web host's page does. An iframe shares its embedder's session (Electron's "Web
 * Embeds" guide; a separate partition needs a `WebContentsView`, which is not a frame of the page, so
 * the SDK's postMessage bridge could not reach it), so these rules go into the WINDOW's session
 * (shell-hardening.ts `hardenSession`) for requests from the sandbox origin only:
 *
 * - permission requests and checks: {@link appsSandboxPermission};
 * - the sandbox's responses keep their own headers (its CSP: the app's policy and `frame-ancestors`),
 *   where every other response gets the window's CSP;
 * - a sub-frame may load the proxy page and the app's `srcdoc`, nothing else (and never hands a URL
 *   to the system browser: only the window's own links do that).
 *
 * Pure (types only from electron): apps-sandbox-session.test.ts and electron-checklist.test.ts drive
 * it in plain Node; no Electron binary runs in tests.
 */
import type { PermissionCheckHandlerHandlerDetails, PermissionRequest } from 'electron';
import type { RendererTarget } from '../wires/renderer-origin.js';
import { SANDBOX_PROXY_PATH } from '../wires/apps-sandbox.js';
import { ALL_APP_PERMISSIONS, type AppPermission } from '../core/index.js';

/**
 * What the session grants the sandbox: every feature an app may ask for. The person's per-app
 * decision is the frame's `allow` (Permissions Policy), which the window sets only after they
 * allowed (docs/mcp-apps.md § The bridge, step 3): a frame without it cannot even ask.
 */
export const SANDBOX_GRANTABLE: ReadonlySet<AppPermission> = new Set(ALL_APP_PERMISSIONS);

/**
 * May the session grant `permission` (Electron's name) to `origin`? Only to the sandbox's own origin
 * (the inner app frame shares it), and only a feature in `allowed`: `media` when every requested
 * type is allowed (`video` → camera, `audio` → microphone), `geolocation`,
 * `clipboard-sanitized-write` (→ clipboardWrite). Everything else: no.
 */
export function appsSandboxPermission(permission: string, mediaTypes: readonly string[], origin: string, sandboxOrigin: string, allowed: ReadonlySet<AppPermission>): boolean {
  if (origin !== sandboxOrigin) return false;
  if (permission === 'media') {
    const wanted = mediaTypes.map((t) => (t === 'video' ? 'camera' : t === 'audio' ? 'microphone' : undefined));
    return wanted.length > 0 && wanted.every((p) => p !== undefined && allowed.has(p));
  }
  if (permission === 'geolocation') return allowed.has('geolocation');
  if (permission === 'clipboard-sanitized-write') return allowed.has('clipboardWrite');
  return false;
}

/** The origin of `url`, '' when it has none. */
export function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/**
 * The origin a permission request comes from (`setPermissionRequestHandler`'s details, Electron's
 * PermissionRequest / MediaAccessPermissionRequest). The app asks from the proxy's inner `srcdoc`
 * frame, whose `requestingUrl` is `about:srcdoc` (origin `null`), though it runs with the sandbox's
 * origin. So: a media request's `securityOrigin` (the frame's real origin) when given; else a sub-frame
 * at `about:srcdoc` counts as the sandbox's — the window's only `srcdoc` frames are the apps' inner
 * frames (`sandboxFrameMayLoad`; the renderer makes none), and such a frame can ask at all only when
 * the outer frame's `allow` delegates the feature, which the window sets after the person allowed;
 * else the origin of `requestingUrl`.
 */
export function permissionRequestOrigin(details: SandboxRequestDetails, sandboxOrigin: string): string {
  if (details.securityOrigin) return originOf(details.securityOrigin);
  if (details.requestingUrl === 'about:srcdoc' && details.isMainFrame === false) return sandboxOrigin;
  return originOf(details.requestingUrl);
}

/** What `sandboxRequestAnswer` reads of a permission request's details. */
export type SandboxRequestDetails = Pick<PermissionRequest, 'requestingUrl'> & { isMainFrame?: boolean; mediaTypes?: readonly string[]; securityOrigin?: string };

/** A permission request handler's answer (`setPermissionRequestHandler`): the sandbox's rule, else no. */
export function sandboxRequestAnswer(permission: string, details: SandboxRequestDetails, sandboxOrigin: string | undefined): boolean {
  if (!sandboxOrigin) return false;
  return appsSandboxPermission(permission, details.mediaTypes ?? [], permissionRequestOrigin(details, sandboxOrigin), sandboxOrigin, SANDBOX_GRANTABLE);
}

/** A permission check handler's answer (`setPermissionCheckHandler`): the sandbox's rule, else no. */
export function sandboxCheckAnswer(permission: string, requestingOrigin: string, details: Pick<PermissionCheckHandlerHandlerDetails, 'mediaType'>, sandboxOrigin: string | undefined): boolean {
  if (!sandboxOrigin) return false;
  const media = details.mediaType && details.mediaType !== 'unknown' ? [details.mediaType] : [];
  return appsSandboxPermission(permission, media, requestingOrigin, sandboxOrigin, SANDBOX_GRANTABLE);
}

/**
 * May a sub-frame of the window navigate to `url`? The sandbox's proxy page (exactly its path) and
 * the app's `about:srcdoc`; nothing else (the app's own attempts to navigate are refused quietly).
 */
export function sandboxFrameMayLoad(url: string, sandboxOrigin: string | undefined): boolean {
  if (!sandboxOrigin) return false;
  if (url === 'about:srcdoc') return true;
  try {
    const u = new URL(url);
    return u.origin === sandboxOrigin && u.pathname === SANDBOX_PROXY_PATH;
  } catch {
    return false;
  }
}

/**
 * The origin the sandbox serves and talks to (wires/apps-sandbox.ts `hostOrigin`): the dev server's
 * origin, or `file://` for the built page (what its messages carry as `origin`; the sandbox's
 * `frame-ancestors` names the scheme, `file:`).
 */
export function rendererOrigin(target: RendererTarget): string {
  return target.kind === 'dev' ? new URL(target.url).origin : 'file://';
}
