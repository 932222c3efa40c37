/**
 * IPC channel names, derived from the contract (ARCHITECTURE rule 2, STYLE "GitHub Desktop"):
 * one channel per declared method and per declared event, never a generic passthrough. Shared by
 * the main-side binding and the preload, so both spell every channel the same way. Pure.
 */
import {
  EVENT_NAMES,
  METHOD_NAMES,
  type EventName,
  type MethodName,
} from '../../src-shared/api/contract.js';

/** `api:<method>`, e.g. `api:tools:call`: the `ipcMain.handle` channel of one method. */
export function methodChannel(method: MethodName): `api:${MethodName}` {
  return `api:${method}`;
}

/** `event:<name>`, e.g. `event:servers:changed`: the `webContents.send` channel of one event. */
export function eventChannel(event: EventName): `event:${EventName}` {
  return `event:${event}`;
}

/** Type guard: is `name` a declared event? The preload refuses to subscribe to anything else. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

/** Every method channel, in contract order. */
export const METHOD_CHANNELS: readonly string[] = METHOD_NAMES.map(methodChannel);
/** Every event channel, in contract order. */
export const EVENT_CHANNELS: readonly string[] = EVENT_NAMES.map(eventChannel);
