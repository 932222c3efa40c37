/**
 * The main window's security handlers (Electron's security checklist, docs/security.md § Electron
 * checklist): its session's CSP header and permission handlers, its navigation and pop-up guards,
 * and the guard every new `webContents` gets. Its webPreferences stay literal in window.ts, where
 * electronegativity reads them. Written against the slices of Electron's types they use, so
 * electron-checklist.test.ts drives them in plain Node (no Electron binary runs in tests); types
 * only from electron.
 */
import type { App, Session, WebContents } from 'electron';
import { contentSecurityPolicy, isTrustedRendererUrl, type RendererTarget } from './renderer-target.js';

/** The part of a session the window hardens. */
export type HardenedSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'> & {
  readonly webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
};

/**
 * The window's session: every response carries our CSP (`contentSecurityPolicy(target)`, replacing
 * any the response had), and no permission request, permission check or device access (USB, HID,
 * serial) is ever granted.
 */
export function hardenSession(session: HardenedSession, target: RendererTarget): void {
  const csp = contentSecurityPolicy(target);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** The part of a `webContents` the guards use. */
export type GuardedContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

/** A navigation event (Electron's, the parts we read). */
interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

/**
 * The main window's guards: only our renderer may load in it (`will-frame-navigate`,
 * `will-redirect`); any other address and every `window.open` / `target=_blank` link is refused
 * and handed to `openExternal` (which opens http(s) in the OS browser and drops every other
 * scheme: window.ts `openExternally`); `<webview>` is never attached.
 */
export function guardNavigation(contents: GuardedContents, target: RendererTarget, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  const block = (event: NavigationEvent) => {
    if (isTrustedRendererUrl(event.url, target)) return;
    event.preventDefault();
    openExternal(event.url);
  };
  contents.on('will-frame-navigate', block);
  contents.on('will-redirect', block);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The guard every `webContents` gets when it is created (app `web-contents-created`), before any
 * window-specific handler: no `<webview>` is attached and no pop-up opens. The main window then
 * installs its own pop-up handler (guardNavigation), which replaces the deny-all one; any other
 * contents (a future view) keeps deny-all unless it sets its own.
 */
export function guardWebContentsCreation(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
