/**
 * The contract bound to Electron IPC, renderer side: builds the `SwitchboardApi` the preload
 * exposes (ARCHITECTURE rule 2). Written against the slice of `ipcRenderer` it uses so it runs in
 * plain Node tests; `preload.ts` passes the real `ipcRenderer` and never exposes it.
 */
import { isMethodName, type EventName, type SwitchboardApi } from '../../src-shared/api/contract.js';
import { fail } from '../../src-shared/api/envelope.js';
import { eventChannel, isEventName, methodChannel } from './ipc-channels.js';

/** The `ipcRenderer` methods the API uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * A `SwitchboardApi` over IPC.
 * - `call(method, input)` → `invoke('api:<method>', input)`; resolves to the main side's result
 *   envelope and never rejects: an undeclared method gives `BAD_REQUEST` without touching IPC, a
 *   rejected invoke or a reply that is not an envelope gives `INTERNAL`.
 * - `on(event, listener)` listens on `event:<name>` and hands the listener the payload only (never
 *   the IPC event, whose `sender` would leak `ipcRenderer`); returns an idempotent unsubscribe.
 *   Throws `TypeError` for an undeclared event or a non-function listener (a programming error).
 */
export function createIpcApi(ipc: IpcRendererLike): SwitchboardApi {
  const api = {
    async call(method: unknown, input: unknown) {
      if (!isMethodName(method)) return fail('BAD_REQUEST', `Unknown method: ${String(method)}`);
      try {
        const reply = await ipc.invoke(methodChannel(method), input);
        if (!isEnvelope(reply)) return fail('INTERNAL', `Malformed reply to ${method}`);
        return reply;
      } catch (err) {
        return fail('INTERNAL', err instanceof Error ? err.message : String(err));
      }
    },
    on(event: unknown, listener: unknown) {
      if (!isEventName(event)) throw new TypeError(`Unknown event: ${String(event)}`);
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      const channel = eventChannel(event as EventName);
      const forward = (_event: unknown, payload: unknown) => {
        (listener as (payload: unknown) => void)(payload);
      };
      ipc.on(channel, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipc.removeListener(channel, forward);
      };
    },
  };
  return api as SwitchboardApi;
}

function isEnvelope(value: unknown): value is { ok: boolean } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; data?: unknown; error?: unknown };
  if (v.ok === true) return true;
  if (v.ok !== false || typeof v.error !== 'object' || v.error === null) return false;
  const e = v.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}
