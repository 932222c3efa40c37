/**
 * The application menu (issue 37 item 2): Electron's standard menus plus File → "Put `switchboard`
 * on PATH…" (path-launcher.ts) and File → "Check for updates…" (update-check.ts; only with a feed
 * set). Thin wiring: the logic lives in those two modules.
 */
import { join } from 'node:path';
import { app, dialog, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { currentPlatform, DATA_FILES, readDataJson } from '../core/composition/entry-kit.js';
import { packagedCliScript, putOnPath, type LauncherTarget } from './path-launcher.js';
import { checkForUpdate, UPDATE_FEED_KEY, updateFeedSetting, type UpdateFeedSetting } from './update-check.js';

/** Options of `setupAppMenu`. */
export interface AppMenuOptions {
  dataDir: string;
  /** The CLI entry when not packaged (the checkout's bin/switchboard.mjs). */
  devCliScript: string;
  getWindow: () => BrowserWindow | null;
  openExternally: (url: string) => void;
  /** Told the launcher's path after "Put `switchboard` on PATH…" wrote it (the core's gateway entry, main.ts). */
  onLauncherWritten?: (file: string) => void;
}

/** The launcher's target for this process: the packaged CLI next to the app, or the checkout's. */
function launcherTarget(devCliScript: string): LauncherTarget {
  const appImage = process.env['APPIMAGE'];
  return {
    appBinary: process.execPath,
    cliScript: app.isPackaged ? packagedCliScript(process.resourcesPath, process.platform) : devCliScript,
    ...(app.isPackaged && appImage ? { appImage } : {}),
  };
}

/** The feed setting in state.json (unset by default: no update check), or why state.json could not be read. */
function feedOf(dataDir: string): UpdateFeedSetting | { kind: 'unreadable'; reason: string } {
  try {
    return updateFeedSetting((readDataJson(join(dataDir, DATA_FILES.state)) as Record<string, unknown> | null)?.[UPDATE_FEED_KEY]);
  } catch (err) {
    return { kind: 'unreadable', reason: err instanceof Error ? err.message : String(err) };
  }
}

/** A dialog that failed to show is logged, never an unhandled rejection. */
const logFailure = (err: unknown) => console.error(`[update-check] ${err instanceof Error ? err.message : String(err)}`);

/**
 * Install the menu. When a feed is set, one quiet check runs a minute after start (said only when
 * a newer version exists); without one, nothing touches the network.
 */
export function setupAppMenu(options: AppMenuOptions): void {
  const show = async (type: 'info' | 'error', message: string, buttons = ['OK']) => {
    const win = options.getWindow();
    const box = { type, message, buttons, noLink: true };
    return (win && !win.isDestroyed() ? dialog.showMessageBox(win, box) : dialog.showMessageBox(box)).then((r) => r.response);
  };
  const checkUpdates = async (quiet: boolean) => {
    const setting = feedOf(options.dataDir);
    const state = join(options.dataDir, DATA_FILES.state);
    if (setting.kind !== 'set') {
      if (quiet) return;
      if (setting.kind === 'unset') await show('info', `No update feed is set, so Switchboard never looks for updates. To use one, set "${UPDATE_FEED_KEY}": { "url": "https://…/" } in ${state} (docs/packaging.md).`);
      else if (setting.kind === 'rejected') await show('error', `The update feed set in ${state} is not used: ${setting.reason}. Nothing was checked (docs/packaging.md).`);
      else await show('error', `${state} could not be read (${setting.reason}), so no update feed is known. Nothing was checked.`);
      return;
    }
    const found = await checkForUpdate({ feed: setting.url, currentVersion: app.getVersion(), platform: process.platform });
    if (found.kind === 'newer') {
      if ((await show('info', `Switchboard ${found.version} is available (this is ${app.getVersion()}).`, ['Download', 'Later'])) === 0) options.openExternally(found.downloadUrl);
    } else if (!quiet) await show(found.kind === 'failed' ? 'error' : 'info', found.kind === 'failed' ? `The update check failed: ${found.message}` : `Switchboard ${found.version} is up to date.`);
  };
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      {
        label: 'Put `switchboard` on PATH…',
        click: () => {
          void putOnPath(currentPlatform(), launcherTarget(options.devCliScript)).then((r) => {
            if (r.ok) options.onLauncherWritten?.(r.file);
            return show(r.ok ? 'info' : 'error', r.message);
          });
        },
      },
      { label: 'Check for updates…', click: () => void checkUpdates(false).catch(logFailure) },
      { type: 'separator' },
      process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    file,
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  if (feedOf(options.dataDir).kind === 'set') setTimeout(() => void checkUpdates(true).catch(logFailure), 60_000).unref();
}
