/**
 * The main window and its session hardening (Electron security checklist; ARCHITECTURE rule 3):
 * context isolation, sandbox, no Node in the renderer, a strict CSP, no navigation away from our
 * renderer, no pop-ups, no permissions; http(s) links open in the OS browser.
 */
import { BrowserWindow, shell, type Session } from 'electron';
import {
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isTrustedRendererUrl,
  type RendererTarget,
} from './renderer-target.js';

/** Options of `createMainWindow`. */
export interface MainWindowOptions {
  /** Where the renderer is loaded from (dev server or built `index.html`). */
  target: RendererTarget;
  /** Absolute path of the built, sandbox-compatible preload (`out/preload/index.cjs`). */
  preloadPath: string;
  /** Window icon (Linux/Windows); the app icon PNG. */
  iconPath?: string;
}

const hardenedSessions = new WeakSet<Session>();

/**
 * Create and load the main window. Shown on `ready-to-show` (no white flash). Load failures are
 * logged, not thrown: the window stays open so a reload (Ctrl+R) can recover.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'MCP Switchboard',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  hardenSession(win.webContents.session, options.target);
  guardNavigation(win, options.target);
  win.once('ready-to-show', () => win.show());
  const loading =
    options.target.kind === 'dev' ? win.loadURL(options.target.url) : win.loadFile(options.target.indexPath);
  loading.catch((err: unknown) => {
    console.error(`[window] could not load the renderer: ${err instanceof Error ? err.message : String(err)}`);
    if (!win.isDestroyed() && !win.isVisible()) win.show();
  });
  return win;
}

/** Bring the window forward: restore if minimised, show if hidden, focus. No-op when destroyed. */
export function focusWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}

/** CSP on every response, and no permission (camera, notifications from web, …) is ever granted. */
function hardenSession(session: Session, target: RendererTarget): void {
  if (hardenedSessions.has(session)) return;
  hardenedSessions.add(session);
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
}

/** Only our renderer may load in the window; http(s) links go to the OS browser, all else is dropped. */
function guardNavigation(win: BrowserWindow, target: RendererTarget): void {
  const contents = win.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  const block = (event: { url: string; preventDefault(): void }) => {
    if (isTrustedRendererUrl(event.url, target)) return;
    event.preventDefault();
    openExternally(event.url);
  };
  contents.on('will-frame-navigate', block);
  contents.on('will-redirect', block);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Open `url` in the OS browser when the one rule allows it (http/https only); otherwise log and drop it. */
export function openExternally(url: string): void {
  if (!isAllowedExternalUrl(url)) {
    console.warn(`[window] blocked a link with a disallowed scheme`);
    return;
  }
  shell.openExternal(url).catch((err: unknown) => {
    console.warn(`[window] could not open a link: ${err instanceof Error ? err.message : String(err)}`);
  });
}
