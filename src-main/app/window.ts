/**
 * The main window (Electron security checklist; ARCHITECTURE rule 3): its settings, session
 * hardening and navigation guards live in shell-hardening.ts (context isolation, sandbox, no Node in
 * the renderer, a strict CSP, no navigation away from our renderer, no pop-ups, no permissions);
 * http(s) links open in the OS browser.
 */
import { BrowserWindow, shell, type Session } from 'electron';
import { isAllowedExternalUrl, type RendererTarget } from './renderer-target.js';
import { guardNavigation, hardenSession } from './shell-hardening.js';

/** Options of `createMainWindow`. */
export interface MainWindowOptions {
  /** Where the renderer is loaded from (dev server or built `index.html`). */
  target: RendererTarget;
  /** Absolute path of the built, sandbox-compatible preload (`out/preload/index.cjs`). */
  preloadPath: string;
  /** Window icon (Linux/Windows); the app icon PNG. */
  iconPath?: string;
  /** The MCP Apps sandbox's origin (`http://127.0.0.1:<port>`) when it runs: the window may frame it. */
  appsSandboxOrigin?: string;
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
    // Literal, not spread from a constant: electronegativity reads them here, and
    // electron-checklist.test.ts reads them from the built bundle. Auxclick off: no middle-click
    // pop-up around the window-open handler.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  const session = win.webContents.session;
  if (!hardenedSessions.has(session)) {
    hardenedSessions.add(session);
    hardenSession(session, options.target, options.appsSandboxOrigin);
  }
  guardNavigation(win.webContents, options.target, openExternally, options.appsSandboxOrigin);
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
