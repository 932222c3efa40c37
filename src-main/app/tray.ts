/**
 * The tray icon (SPEC §0): overall status colour, `N of M servers connected`, and a menu with
 * Show window, each server with its status, and Quit. Just another subscriber of the core
 * (ARCHITECTURE rule 5): it reads `servers:list` once, then follows `servers:changed`.
 */
import { join } from 'node:path';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import type { SwitchboardCore } from '../core/types.js';
import { summarizeTray, TRAY_ICON_FILES, type TrayLevel, type TrayState } from './tray-state.js';

/** Options of `setupTray`. */
export interface TrayOptions {
  /** Folder holding `tray-<level>.png` (+ `@2x`). */
  resourcesDir: string;
  /** Bring the main window forward (creating it if needed). */
  showWindow: () => void;
  /** Quit the app (the app's quit path disposes the core first). */
  quit: () => void;
}

/**
 * Create the tray and keep it in sync with the core. Returns a function that unsubscribes and
 * destroys the tray. A failing `servers:list` leaves the tray grey with `0 of 0` until the first
 * `servers:changed` arrives.
 */
export function setupTray(core: Pick<SwitchboardCore, 'handlers' | 'subscribe'>, options: TrayOptions): () => void {
  const images = new Map<TrayLevel, NativeImage>();
  const image = (level: TrayLevel): NativeImage => {
    let img = images.get(level);
    if (!img) {
      img = nativeImage.createFromPath(join(options.resourcesDir, TRAY_ICON_FILES[level]));
      images.set(level, img);
    }
    return img;
  };
  const tray = new Tray(image('grey'));
  let shown: TrayState | undefined;
  let receivedEvent = false;

  const render = (snapshot: ServersSnapshot | undefined) => {
    if (tray.isDestroyed()) return;
    const state = summarizeTray(snapshot);
    if (shown?.level !== state.level) tray.setImage(image(state.level));
    tray.setToolTip(state.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(state, options)));
    shown = state;
  };

  render(undefined);
  const unsubscribe = core.subscribe((event, payload) => {
    if (event !== 'servers:changed') return;
    receivedEvent = true;
    render(payload as ServersSnapshot);
  });
  core.handlers['servers:list']({})
    .then((result) => {
      // A snapshot fetched before a newer event arrived must not overwrite it.
      if (result.ok && !receivedEvent) render(result.data);
    })
    .catch(() => undefined);
  tray.on('click', () => options.showWindow());

  return () => {
    unsubscribe();
    if (!tray.isDestroyed()) tray.destroy();
  };
}

function menuTemplate(state: TrayState, options: TrayOptions): MenuItemConstructorOptions[] {
  const servers: MenuItemConstructorOptions[] =
    state.items.length === 0
      ? [{ label: 'No servers configured', enabled: false }]
      : state.items.map((item) => ({ label: item.label, click: () => options.showWindow() }));
  if (state.hidden > 0) servers.push({ label: `…and ${state.hidden} more`, click: () => options.showWindow() });
  return [
    { label: 'Show window', click: () => options.showWindow() },
    { type: 'separator' },
    { label: state.tooltip, enabled: false },
    ...servers,
    { type: 'separator' },
    { label: 'Quit', click: () => options.quit() },
  ];
}
