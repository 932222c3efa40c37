/**
 * The only module that touches `ipcMain` (STYLE "GitHub Desktop"): binds the contract's methods
 * and events to Electron IPC via `bindIpc` (see ipc-binding.ts for the rules).
 */
import { ipcMain, type BrowserWindow } from 'electron';
import type { SwitchboardCore } from '../core/index.js';
import { bindIpc } from '../wires/ipc-binding.js';
import type { RendererTarget } from './renderer-target.js';

/**
 * Register `api:<method>` handlers for every contract method (sender-checked, schema-validated via
 * `dispatch`) and forward core events to the current main window as `event:<name>`. Call once,
 * before the first window loads. Returns a function that unregisters everything.
 */
export function setupIpc(
  core: Pick<SwitchboardCore, 'handlers' | 'subscribe'>,
  getWindow: () => BrowserWindow | null,
  target: RendererTarget,
): () => void {
  return bindIpc(ipcMain, core, { getWindow, target });
}
