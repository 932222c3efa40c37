/**
 * The desktop app's composition root (STYLE "Electron Fiddle": a boot list you can read in one
 * screen). One instance per data folder; the core is created here with mode `electron` and
 * disposed before the app exits, so no server process outlives the window (docs/faces-and-ownership.md).
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { describeDeepLinkForLog } from '../../src-shared/deep-link.js';
import { resolveReferenceServerScript } from '../core/composition/entry-kit.js';
import { currentPlatform, dataDir } from '../core/composition/entry-kit.js';
import { createSwitchboardCore } from '../core/index.js';
import type { SwitchboardCore } from '../core/index.js';
import { projectRootOffered, withLoginShellEnv } from '../core/composition/entry-kit.js';
import { secretStoreChoice, secretStoreWarning } from '../core/composition/entry-kit.js';
import type { RunningOwner } from '../owner/start-owner.js';
import { startDesktopOwner } from './desktop-owner.js';
import { deliverOAuthCallback, setupDeepLinks, type OAuthCallbackLink } from './deep-links.js';
import { DEEP_LINK_DONE_URL } from '../core/index.js';
import { setupIpc } from './ipc.js';
import { parseProjectDir, unpackedAsarPath } from './launch-args.js';
import { resolveRendererTarget } from './renderer-target.js';
import { setupTray } from './tray.js';
import { setupDesktopNotifications } from './desktop-notifications.js';
import { createMainWindow, focusWindow, openExternally } from './window.js';
import { guardWebContentsCreation } from './shell-hardening.js';
import { setupAppMenu } from './app-menu.js';
import { launcherOnDisk } from './path-launcher.js';
import { rendererOrigin } from './apps-sandbox-session.js';
import { startAppsSandbox, type AppsSandbox } from '../wires/apps-sandbox.js';

/** How long quitting waits for `core.dispose()` before exiting anyway (ms). */
const DISPOSE_DEADLINE_MS = 10_000;

const platform = currentPlatform();
const dataDirectory = dataDir(platform);
// Before the single-instance lock: the lock lives in userData, so one owner per data folder.
app.setPath('userData', dataDirectory);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  boot();
}

function boot(): void {
  // Electron checklist: every webContents, whoever creates it, starts with no <webview> and no pop-ups.
  guardWebContentsCreation(app);
  const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
  const target = resolveRendererTarget({
    isPackaged: app.isPackaged,
    devUrl: process.env['ELECTRON_RENDERER_URL'],
    indexPath: here('../renderer/index.html'),
  });
  // Relative to the bundle (out/main/index.js), not app.getAppPath(): right both for `electron .`
  // and for `electron out/main/index.js` (the Playwright _electron spec), and inside app.asar.
  const resourcesDir = here('../../resources');
  let win: BrowserWindow | null = null;
  let core: SwitchboardCore | undefined;

  const showWindow = () => {
    if (!app.isReady()) return; // the window is created on ready anyway
    if (!win || win.isDestroyed()) win = openWindow();
    focusWindow(win);
  };
  // The MCP Apps sandbox (docs/mcp-apps.md § Sandbox, Electron): the same page as the web host's, on
  // 127.0.0.1, framed by the window; started before the window so its session knows the origin.
  let appsSandbox: AppsSandbox | undefined;
  const openWindow = () =>
    createMainWindow({ target, preloadPath: here('../preload/index.cjs'), iconPath: join(resourcesDir, 'icon.png'), ...(appsSandbox ? { appsSandboxOrigin: appsSandbox.origin } : {}) });

  // OAuth callbacks that arrive before the core exists wait here (first-launch argv, macOS open-url).
  const earlyCallbacks: OAuthCallbackLink[] = [];
  // Install links too (issue 13): each becomes a consent dialog in the window once the core runs.
  const earlyInstalls: string[] = [];
  const openNotifications = (confirmation?: string) => {
    showWindow();
    core?.showNotifications?.(confirmation);
  };
  // Links and second instances can arrive before `ready` (macOS open-url): register first.
  const registered = setupDeepLinks({
    onLink: (url, link) => {
      // Log safely (route and parameter names only), deliver OAuth callbacks by state, come forward.
      console.log(`[deep-link] ${link.kind}: ${describeDeepLinkForLog(url)}${link.kind === 'invalid' ? ` (${link.reason})` : ''}`);
      if (link.kind === 'oauth-callback') {
        if (core) console.log(`[deep-link] oauth callback: ${deliverOAuthCallback(core, link)}`);
        else earlyCallbacks.push(link);
      }
      // A malformed install link still reaches the window, as a refusal with its reason.
      if (link.kind === 'install' || (link.kind === 'invalid' && /^mcp-switchboard:\/*install\b/i.test(url))) {
        if (core) void core.handleInstallLink?.(url);
        else earlyInstalls.push(url);
      }
      showWindow();
    },
    onSecondInstance: showWindow,
  });
  if (!registered) console.warn('[deep-link] the OS did not accept mcp-switchboard:// (unpackaged or no .desktop file)');

  // docs/faces-and-ownership.md: the app owns the data folder with the same sequence as `switchboard serve`
  // (owner/start-owner.ts: lock, leftovers, core, recorder, reaper, this face, endpoint, start), so the
  // CLI attaches to it; a running `serve` already owning it is told to the person, then we quit.
  let owner: RunningOwner | undefined;
  setupQuit(() => owner);
  /** The `switchboard` launcher we wrote, when there is one (the core's `cliLaunch`). */
  let launcher: string | undefined;

  void app.whenReady().then(async () => {
    appsSandbox = await startAppsSandbox(rendererOrigin(target)).catch((err: unknown) => {
      console.error(`[apps] the MCP Apps sandbox did not start (apps will not render): ${errorText(err)}`);
      return undefined;
    });
    app.on('will-quit', () => void appsSandbox?.close());
    owner = await startDesktopOwner(
      { showErrorBox: (title, text) => dialog.showErrorBox(title, text), quit: () => app.quit(), warn: (text) => console.warn(text), error: (text) => console.error(text) },
      {
        dataDir: dataDirectory,
        projectDir: parseProjectDir(process.argv, process.cwd()),
        createCore: async () => {
          const referenceScript = referenceServerScript();
          launcher = await launcherOnDisk(platform);
          // A desktop launcher gives a bare PATH: take the login shell's (docs/connections-supervision.md) so npx/uvx/shims are found.
          const env = await withLoginShellEnv(platform.env);
          // Issue 14 item 11: secrets kept in a file (the person's choice) are said on every start.
          const secretWarning = secretStoreWarning(secretStoreChoice(env, dataDirectory));
          if (secretWarning) console.warn(`[secrets] ${secretWarning}`);
          const projectDir = parseProjectDir(process.argv, process.cwd());
          return createSwitchboardCore({
            platform: { ...platform, env },
            projectDir,
            // docs/roots.md § The project folder: the app's own folder is no project to offer servers.
            projectRoot: projectRootOffered({ projectDir, named: process.argv.some((a) => a === '--project' || a.startsWith('--project=')), packageRoot: app.getAppPath(), dataDir: dataDirectory }),
            dataDir: dataDirectory,
            mode: 'electron',
            version: app.getVersion(),
            // Electron's own binary runs the bundled server as plain Node: no separate node needed.
            referenceServer: {
              command: process.execPath,
              args: [referenceScript, 'stdio'],
              env: { ELECTRON_RUN_AS_NODE: '1' },
            },
            // Issue 6: sign-in pages open in the person's browser; the loopback page hands back via the deep link.
            openExternal: (url) => openExternally(url),
            oauthDoneUrl: DEEP_LINK_DONE_URL,
            // The gateway's absolute host entry (gateway:doors, gateway:connect): the launcher on
            // PATH, found at start or written since; none without one (path-launcher.ts launcherOnDisk).
            get cliLaunch() {
              return launcher !== undefined ? { command: launcher, args: [] } : undefined;
            },
          });
        },
        face: (started) => {
          core = started;
          // `apps:sandbox` answers this origin, as it does for a web host.
          if (appsSandbox) started.addAppsSandbox?.({ origin: appsSandbox.origin });
          for (const link of earlyCallbacks.splice(0)) console.log(`[deep-link] oauth callback: ${deliverOAuthCallback(started, link)}`);
          setupIpc(started, () => win, target);
          win = openWindow();
          // Wait for the page to subscribe before announcing early install links to it.
          win.webContents.once('did-finish-load', () => {
            for (const url of earlyInstalls.splice(0)) void started.handleInstallLink?.(url);
          });
          setupDesktopNotifications(started, openNotifications);
          setupAppMenu({ dataDir: dataDirectory, devCliScript: here('../../bin/switchboard.mjs'), getWindow: () => win, openExternally, onLauncherWritten: (file) => (launcher = file) });
          try {
            setupTray(started, { resourcesDir, showWindow, openNotifications, quit: () => app.quit() });
          } catch (err) {
            // Some Linux desktops have no tray; the window is the app, the tray only a mirror.
            console.warn(`[tray] unavailable: ${errorText(err)}`);
          }
        },
      },
    );
  });

  app.on('activate', () => showWindow()); // macOS: dock click with no window
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

/**
 * Close the owner (listener, core, recorder, reaper, lock: owner/start-owner.ts) before the process
 * exits: the first `before-quit` is held (preventDefault), `close()` runs (bounded by
 * `DISPOSE_DEADLINE_MS`), then `app.quit()` again lets it through. SIGINT/SIGTERM (e.g. Ctrl+C
 * under `npm start`) take the same path. `getOwner` is undefined before the core exists.
 */
function setupQuit(getOwner: () => RunningOwner | undefined): void {
  let state: 'running' | 'disposing' | 'disposed' = 'running';
  app.on('before-quit', (event) => {
    const owner = getOwner();
    if (state === 'disposed' || !owner) return;
    event.preventDefault();
    if (state === 'disposing') return;
    state = 'disposing';
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`[core] dispose did not finish within ${DISPOSE_DEADLINE_MS} ms; quitting anyway`);
        resolve();
      }, DISPOSE_DEADLINE_MS);
    });
    void Promise.race([owner.close().catch((err: unknown) => console.error(`[owner] close failed: ${errorText(err)}`)), deadline]).finally(() => {
      clearTimeout(timer);
      state = 'disposed';
      app.quit();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
}

/**
 * server-everything's entry (unpacked from app.asar when packaged: a child process cannot read the
 * archive). When it is missing the app still starts; "Add the reference server" then fails with
 * the reason in that server's log instead of the whole app failing to boot.
 */
function referenceServerScript(): string {
  try {
    const script = resolveReferenceServerScript();
    return app.isPackaged ? unpackedAsarPath(script) : script;
  } catch (err) {
    console.error(`[core] reference server unavailable: ${errorText(err)}`);
    return '(@modelcontextprotocol/server-everything is not installed)';
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
