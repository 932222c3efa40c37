/**
 * The Electron side of the MCP Apps sandbox (issue 33 § 2; docs/mcp-apps.md § Sandbox): the app's
 * proxy page runs in its own session, never the window's, so it shares no storage, cookies,
 * permissions or origin with Switchboard's renderer. Configuration only: the partition, the
 * webPreferences of the view that will hold the page, and the session's permission handlers, checked
 * by apps-sandbox-session.test.ts (no Electron binary runs in tests). Types only from electron.
 */
import type { Session, WebPreferences } from 'electron';
import type { AppPermission } from '../core/index.js';

/** The sandbox's partition: no `persist:` prefix, so it lives in memory and is gone at quit. */
export const APPS_SANDBOX_PARTITION = 'mcp-apps-sandbox';

/**
 * webPreferences of the view that holds the proxy page: its own partition, Chromium's sandbox,
 * context isolation, no Node anywhere, no preload (no bridge into main), no `<webview>`, web security
 * on, no dialogs, no navigation by dropped files.
 */
export const APPS_SANDBOX_WEB_PREFERENCES = {
  partition: APPS_SANDBOX_PARTITION,
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  navigateOnDragDrop: false,
  disableDialogs: true,
} as const satisfies WebPreferences;

/**
 * May the sandbox session grant `permission` (Electron's name) to `origin`? Only to the sandbox's
 * own origin (the inner app frame shares it), and only a feature the person allowed for this app:
 * `media` when every requested type is allowed (`video` → camera, `audio` → microphone),
 * `geolocation`, `clipboard-sanitized-write` (→ clipboardWrite). Everything else: no.
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

/** The part of a session the sandbox configures. */
export type SandboxSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;

/**
 * Install the sandbox session's handlers: permission requests and checks answered by
 * {@link appsSandboxPermission} with what the person allowed now (`allowed()`), device access (USB,
 * HID, serial) always refused.
 */
export function hardenAppsSandboxSession(session: SandboxSession, sandboxOrigin: string, allowed: () => ReadonlySet<AppPermission>): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const origin = details.requestingUrl ? new URL(details.requestingUrl).origin : '';
    const media = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(appsSandboxPermission(permission, media, origin, sandboxOrigin, allowed()));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const media = details.mediaType && details.mediaType !== 'unknown' ? [details.mediaType] : [];
    return appsSandboxPermission(permission, media, requestingOrigin, sandboxOrigin, allowed());
  });
  session.setDevicePermissionHandler(() => false);
}
