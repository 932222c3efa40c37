/**
 * The desktop app's start as an owner (issue 11 item 2): the shared start-owner sequence
 * (`owner/start-owner.ts`, the same one `switchboard serve` runs) with the app's answers to its
 * failures. The Electron pieces come in as a small `DesktopShell`, so this file imports no
 * electron and a test can drive it with a fake shell.
 */
import type { SwitchboardCore } from '../core/index.js';
import { OwnedElsewhereError } from '../owner/ownership.js';
import { startOwner, type OwnerStep, type RunningOwner } from '../owner/start-owner.js';

/** What the desktop start needs of Electron (main.ts passes `dialog.showErrorBox`, `app.quit`, console). */
export interface DesktopShell {
  /** A blocking error dialog (Electron's `dialog.showErrorBox`). */
  showErrorBox(title: string, content: string): void;
  /** Quit the app (Electron's `app.quit`). */
  quit(): void;
  warn(text: string): void;
  error(text: string): void;
}

/** Options of `startDesktopOwner`. */
export interface DesktopOwnerOptions {
  dataDir: string;
  projectDir: string;
  /** Build the core (after the login shell's environment is read). */
  createCore(): SwitchboardCore | Promise<SwitchboardCore>;
  /** IPC, window, tray, notifications: set up before the endpoint is published and the core starts. */
  face(core: SwitchboardCore): void;
  onStep?(step: OwnerStep): void;
}

/**
 * Own the data folder and start the core for the desktop app (API-only endpoint on 127.0.0.1 for
 * the CLI). Resolves undefined after showing why and quitting, when another Switchboard owns the
 * folder or the start fails; a failed core start is logged (servers show their own errors).
 */
export async function startDesktopOwner(shell: DesktopShell, options: DesktopOwnerOptions): Promise<RunningOwner | undefined> {
  let owner: RunningOwner;
  try {
    owner = await startOwner({
      dataDir: options.dataDir,
      mode: 'electron',
      projectDir: options.projectDir,
      createCore: options.createCore,
      face: options.face,
      warn: (text) => shell.warn(`[owner] ${text}`),
      ...(options.onStep ? { onStep: options.onStep } : {}),
    });
  } catch (err) {
    const title = err instanceof OwnedElsewhereError ? 'MCP Switchboard is already running' : 'MCP Switchboard could not start';
    shell.showErrorBox(title, err instanceof Error ? err.message : String(err));
    shell.quit();
    return undefined;
  }
  owner.started.catch((err: unknown) => shell.error(`[core] start failed: ${err instanceof Error ? err.message : String(err)}`));
  return owner;
}
