/**
 * The contract bound to Electron IPC, main side (ARCHITECTURE rules 2-4, STYLE "GitHub Desktop":
 * one handler per declared method, every handler checks its sender). Written against the small
 * slice of `ipcMain` / `BrowserWindow` it uses, so it runs in plain Node tests; `ipc.ts` passes the
 * real `ipcMain` and stays the only module that imports it.
 */
import { dispatch } from '../../src-shared/api/dispatch.js';
import { fail, type Result } from '../../src-shared/api/envelope.js';
import { METHOD_NAMES } from '../../src-shared/api/contract.js';
import type { SwitchboardCore } from '../core/index.js';
import { eventChannel, isEventName, methodChannel } from './ipc-channels.js';
import { isTrustedRendererUrl, type RendererTarget } from './renderer-origin.js';

/** The frame a call came from (Electron's `WebFrameMain`, the parts we read). */
export interface SenderFrameLike {
  readonly url: string;
  /** `null` for a top-level frame. */
  readonly parent: unknown;
}

/** An `ipcMain.handle` event (Electron's `IpcMainInvokeEvent`, the parts we read). */
export interface InvokeEventLike {
  readonly sender: unknown;
  readonly senderFrame: SenderFrameLike | null;
}

/** The `ipcMain` methods the binding uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The window the renderer lives in (Electron's `BrowserWindow`, the parts we use). */
export interface RendererWindowLike {
  isDestroyed(): boolean;
  readonly webContents: { send(channel: string, ...args: unknown[]): void; isDestroyed(): boolean };
}

/** Options of `bindIpc`. */
export interface BindIpcOptions {
  /** The main window now (it can be re-created on macOS `activate`); `null` when there is none. */
  getWindow: () => RendererWindowLike | null;
  /** Where our renderer is loaded from; calls from any other URL are refused. */
  target: RendererTarget;
  /** Where refusals are reported (default `console.warn`). */
  log?: (message: string) => void;
}

/**
 * Why a call must be refused, or `undefined` when it comes from our renderer: the sender must be
 * the main window's `webContents`, from its top-level frame, whose URL is our renderer (the dev
 * server's origin or the built `index.html`). ARCHITECTURE rule 3: trust nothing else.
 */
export function untrustedSenderReason(
  event: InvokeEventLike,
  win: RendererWindowLike | null,
  target: RendererTarget,
): string | undefined {
  if (!win || win.isDestroyed()) return 'no main window';
  if (event.sender !== win.webContents) return 'sender is not the main window';
  const frame = event.senderFrame;
  if (!frame) return 'sender frame is gone';
  if (frame.parent !== null && frame.parent !== undefined) return 'sender is a sub-frame';
  if (!isTrustedRendererUrl(frame.url, target)) return 'sender frame is not the Switchboard renderer';
  return undefined;
}

/**
 * Register `api:<method>` for every contract method (→ sender check → `dispatch`, which parses the
 * input with the method's schema and never throws) and forward every core event to the current
 * window as `event:<name>`. Returns a function that removes the handlers and the subscription.
 * A refused call resolves to `{ok:false, error:{code:'BAD_REQUEST'}}` (results, not exceptions).
 */
export function bindIpc(
  ipc: IpcMainLike,
  core: Pick<SwitchboardCore, 'handlers' | 'subscribe'>,
  options: BindIpcOptions,
): () => void {
  const log = options.log ?? ((message: string) => console.warn(message));
  for (const method of METHOD_NAMES) {
    ipc.handle(methodChannel(method), async (event, input): Promise<Result<unknown>> => {
      const reason = untrustedSenderReason(event, options.getWindow(), options.target);
      if (reason) {
        log(`[ipc] refused ${method}: ${reason}`);
        return fail('BAD_REQUEST', `Refused ${method}: ${reason}`);
      }
      return dispatch(core.handlers, method, input);
    });
  }
  const unsubscribe = core.subscribe((event, payload) => {
    if (!isEventName(event)) return;
    const win = options.getWindow();
    if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return;
    win.webContents.send(eventChannel(event), payload);
  });
  return () => {
    unsubscribe();
    for (const method of METHOD_NAMES) ipc.removeHandler(methodChannel(method));
  };
}
