/**
 * Test support (not a test): a stand-in for Electron's IPC with its semantics — arguments and
 * replies are structured-cloned, `invoke` rejects when no handler is registered or a handler
 * throws, handlers see `sender` and `senderFrame`, `webContents.send` reaches `ipcRenderer.on`
 * listeners with an event object first. Electron itself cannot run here (docs/testing.md).
 */
import type { IpcMainLike, InvokeEventLike, RendererWindowLike } from './ipc-binding.js';
import type { IpcRendererLike } from './preload-api.js';

export type Listener = (event: unknown, ...args: unknown[]) => void;

/** One renderer (webContents + top frame + ipcRenderer) attached to a fake ipcMain. */
export class FakeWire {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  readonly rendererListeners = new Map<string, Set<Listener>>();
  readonly invoked: string[] = [];
  destroyed = false;
  frame: { url: string; parent: unknown } | null;
  readonly webContents = {
    send: (channel: string, ...args: unknown[]) => {
      for (const l of this.rendererListeners.get(channel) ?? []) l({ sender: 'ipcRenderer!' }, ...structuredClone(args));
    },
    isDestroyed: () => this.destroyed,
  };
  constructor(rendererUrl: string) {
    this.frame = { url: rendererUrl, parent: null };
  }

  readonly window: RendererWindowLike = { isDestroyed: () => this.destroyed, webContents: this.webContents };

  readonly ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      this.handlers.set(channel, listener);
    },
    removeHandler: (channel) => void this.handlers.delete(channel),
  };

  /** The renderer's ipcRenderer, calling from `sender` (default: this window) and `frame`. */
  ipcRenderer(sender: unknown = this.webContents): IpcRendererLike {
    return {
      invoke: async (channel, ...args) => {
        this.invoked.push(channel);
        const handler = this.handlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        try {
          return structuredClone(await handler({ sender, senderFrame: this.frame }, ...structuredClone(args)));
        } catch (err) {
          throw new Error(`Error invoking remote method '${channel}': ${String(err)}`);
        }
      },
      on: (channel, listener) => {
        let set = this.rendererListeners.get(channel);
        if (!set) this.rendererListeners.set(channel, (set = new Set()));
        set.add(listener);
      },
      removeListener: (channel, listener) => void this.rendererListeners.get(channel)?.delete(listener),
    };
  }
}
