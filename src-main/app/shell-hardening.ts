/**
 * The main window's security handlers (Electron's security checklist, docs/security.md § Electron
 * checklist): its session's CSP header and permission handlers, its navigation and pop-up guards,
 * and the guard every new `webContents` gets. Its webPreferences stay literal in window.ts, where
 * electronegativity reads them. Written against the slices of Electron's types they use, so
 * electron-checklist.test.ts drives them in plain Node (no Electron binary runs in tests); types
 * only from electron.
 */
import type { App, Session, WebContents } from 'electron';
import { originOf, sandboxCheckAnswer, sandboxFrameMayLoad, sandboxRequestAnswer } from './apps-sandbox-session.js';
import { contentSecurityPolicy, isTrustedRendererUrl, type RendererTarget } from './renderer-target.js';

/** The part of a session the window hardens. */
export type HardenedSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'> & {
  readonly webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
};

/**
 * The window's session: every response carries our CSP (`contentSecurityPolicy(target,
 * appsSandboxOrigin)`, replacing any the response had), and no permission request, permission check
 * or device access (USB, HID, serial) is ever granted — except, when the MCP Apps sandbox runs
 * (`appsSandboxOrigin`, `http://127.0.0.1:<port>`), its responses keep their own headers (the app's
 * CSP and `frame-ancestors`) and its frames' permission requests and checks follow
 * apps-sandbox-session.ts (only that origin, only an app's features, behind the frame's `allow`).
 */
export function hardenSession(session: HardenedSession, target: RendererTarget, appsSandboxOrigin?: string): void {
  const csp = contentSecurityPolicy(target, appsSandboxOrigin);
  session.webRequest.onHeadersReceived((details, callback) => {
    if (appsSandboxOrigin && originOf(details.url) === appsSandboxOrigin) return callback({});
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => callback(sandboxRequestAnswer(permission, details ?? {}, appsSandboxOrigin)));
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => sandboxCheckAnswer(permission, requestingOrigin, details ?? {}, appsSandboxOrigin));
  session.setDevicePermissionHandler(() => false);
}

/** The part of a `webContents` the guards use. */
export type GuardedContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;

/** A navigation event (Electron's, the parts we read). */
interface NavigationEvent {
  url: string;
  /** False for a sub-frame (`will-frame-navigate`); absent counts as the main frame. */
  isMainFrame?: boolean;
  preventDefault(): void;
}

/**
 * The main window's guards: only our renderer may load in it (`will-frame-navigate`,
 * `will-redirect`); any other address and every `window.open` / `target=_blank` link is refused
 * and handed to `openExternal` (which opens http(s) in the OS browser and drops every other
 * scheme: window.ts `openExternally`; an MCP App's `ui/open-link` reaches it this way, after the
 * person confirmed in the window); `<webview>` is never attached. A sub-frame may load only the MCP
 * Apps sandbox's proxy page and its `about:srcdoc` (`appsSandboxOrigin`; apps-sandbox-session.ts),
 * not even the renderer's own page; any other sub-frame navigation is refused quietly, never handed to the browser (an app's frame
 * must not open pages by navigating).
 */
export function guardNavigation(contents: GuardedContents, target: RendererTarget, openExternal: (url: string) => void, appsSandboxOrigin?: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  const block = (event: NavigationEvent) => {
    // The sub-frame rule first: a sub-frame never loads the renderer's own page either.
    if (event.isMainFrame === false) {
      if (!sandboxFrameMayLoad(event.url, appsSandboxOrigin)) event.preventDefault();
      return;
    }
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
