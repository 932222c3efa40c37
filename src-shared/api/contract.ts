/**
 * The one API (ARCHITECTURE rule 2): every method as `domain:verb` with zod input/output schemas,
 * every event with its payload schema. The Electron IPC binding and the WebSocket binding are both
 * derived from this declaration; the renderer only holds a `SwitchboardApi`.
 */
import { z } from 'zod';
import type { Result } from './envelope.js';
import { appMethods } from './methods/app.js';
import { trustMethods } from './methods/trust.js';
import { pinsMethods } from './methods/pins.js';
import { lifecycleEvents, lifecycleMethods } from './methods/lifecycle.js';
import { configEvents, configMethods } from './methods/config.js';
import { serverEvents, serverMethods } from './methods/servers.js';
import { toolEvents, toolMethods } from './methods/tools.js';
import { authEvents, authMethods } from './methods/auth.js';
import { inspectorEvents, inspectorMethods } from './methods/inspector.js';
import { protocolMethods } from './methods/protocol.js';
import { channelEvents, channelMethods } from './methods/channels.js';
import { installEvents, installMethods } from './methods/install.js';
import { checkMethods } from './methods/checks.js';
import { budgetMethods } from './methods/budget.js';
import { appsMethods } from './methods/apps.js';
import { gatewayEvents, gatewayMethods } from './methods/gateway.js';
import { gatewayCompleteMethods } from './methods/gateway-complete.js';
import { gatewayProgressiveMethods } from './methods/gateway-progressive.js';
import { gatewayConnectMethods } from './methods/gateway-connect.js';
import { gatewayGuardMethods } from './methods/gateway-guard.js';
import { prefsMethods } from './methods/prefs.js';
import { historyEvents, historyMethods } from './methods/history.js';
import { agentsEvents, agentsMethods } from './methods/agents.js';
import { skillsMethods } from './methods/skills.js';
import { eventsEvents, eventsMethods } from './methods/events.js';
import { idpEvents, idpMethods } from './methods/idp.js';
import { registryMethods } from './methods/registry.js';
import { registryInstallMethods } from './methods/registry-install.js';
import { cardsMethods } from './methods/cards.js';
import { firstRunMethods } from './methods/first-run.js';

export { AppInfoSchema, type AppInfo } from './methods/app.js';

/**
 * Method declarations: name → input and output schemas. Each domain declares its methods in its own
 * file under `methods/` (so work on one domain does not edit another's); this is their union.
 */
export const methods = {
  ...appMethods,
  ...trustMethods,
  ...pinsMethods,
  ...serverMethods,
  ...configMethods,
  ...lifecycleMethods,
  ...toolMethods,
  ...authMethods,
  ...inspectorMethods,
  ...protocolMethods,
  ...channelMethods,
  ...installMethods,
  ...checkMethods,
  ...budgetMethods,
  ...appsMethods,
  ...gatewayMethods,
  ...gatewayCompleteMethods,
  ...gatewayProgressiveMethods,
  ...gatewayConnectMethods,
  ...gatewayGuardMethods,
  ...prefsMethods,
  ...historyMethods,
  ...agentsMethods,
  ...skillsMethods,
  ...eventsMethods,
  ...idpMethods,
  ...registryMethods,
  ...registryInstallMethods,
  ...cardsMethods,
  ...firstRunMethods,
} as const;

/** Event declarations: name → payload schema. Main → renderer only. Declared per domain too. */
export const events = {
  ...serverEvents,
  ...configEvents,
  ...lifecycleEvents,
  ...toolEvents,
  ...authEvents,
  ...inspectorEvents,
  ...channelEvents,
  ...installEvents,
  ...historyEvents,
  ...gatewayEvents,
  ...agentsEvents,
  ...eventsEvents,
  ...idpEvents,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const METHOD_NAMES = Object.keys(methods) as MethodName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** Type guard: is `name` a declared method? Wire bindings reject anything else. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methods, name);
}

/**
 * What the renderer holds. It cannot tell which wire (IPC or WebSocket) carries it.
 * `call` resolves to a result envelope and never rejects; `on` returns an unsubscribe function.
 */
export interface SwitchboardApi {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The main-side implementation of every method (bound to a wire by `bindHandlers`). */
export type ApiHandlers = {
  [M in MethodName]: (input: MethodParsedInput<M>) => Promise<Result<MethodOutput<M>>>;
};

/** Main-side event sink: the core emits, the wire bindings forward. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;
