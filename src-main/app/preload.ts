/**
 * The preload (sandboxed, bundled to CJS `out/preload/index.cjs`): the only module that touches
 * `ipcRenderer`. Exposes `window.switchboard` — a `SwitchboardApi` with just `call` and `on` —
 * through `contextBridge`; channels come from the contract, `ipcRenderer` itself is never exposed.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createIpcApi } from '../wires/preload-api.js';

const api = createIpcApi({
  invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  on: (channel, listener) => ipcRenderer.on(channel, listener),
  removeListener: (channel, listener) => ipcRenderer.removeListener(channel, listener),
});

contextBridge.exposeInMainWorld('switchboard', {
  call: (method: unknown, input: unknown) => api.call(method as never, input as never),
  on: (event: unknown, listener: unknown) => api.on(event as never, listener as never),
});
