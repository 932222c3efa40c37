/**
 * The one API (ARCHITECTURE rule 2): every method as `domain:verb` with zod input/output schemas,
 * every event with its payload schema. The Electron IPC binding and the WebSocket binding are both
 * derived from this declaration; the renderer only holds a `SwitchboardApi`.
 */
import { z } from 'zod';
import type { Result } from './envelope.js';
import {
  LogEntrySchema,
  ServersSnapshotSchema,
  ToolCallResultSchema,
  ToolInfoSchema,
} from './status.js';

const Empty = z.object({}).strict();
const ServerName = z.string().min(1).max(500);

/** Facts about the running core, for the title bar and the About box. */
export const AppInfoSchema = z.object({
  version: z.string(),
  mode: z.enum(['electron', 'web', 'cli']),
  dataDir: z.string(),
  projectDir: z.string(),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** Method declarations: name → input and output schemas. */
export const methods = {
  'app:info': { input: Empty, output: AppInfoSchema },
  /** The whole server list: statuses, shadowed definitions, warnings, project trust. */
  'servers:list': { input: Empty, output: ServersSnapshotSchema },
  /** Trust the current project folder (SPEC §2) and start its servers. */
  'trust:grant': { input: Empty, output: ServersSnapshotSchema },
  /**
   * Add the reference server (server-everything, shipped as a dependency) to Switchboard's own
   * `servers.json` and start it: the first-run empty state's one button.
   */
  'servers:addDefault': { input: Empty, output: ServersSnapshotSchema },
  /** Tools under agent-visible names; all servers, or one when `server` is given. */
  'tools:list': { input: z.object({ server: ServerName.optional() }).strict(), output: z.array(ToolInfoSchema) },
  /** Call a tool by raw server and tool name. `args` is the JSON object of arguments. */
  'tools:call': {
    input: z
      .object({
        server: ServerName,
        tool: z.string().min(1),
        args: z.record(z.string(), z.unknown()).default({}),
        callId: z.string().max(100).optional(),
      })
      .strict(),
    output: ToolCallResultSchema,
  },
  /** A server's buffered log lines with `seq` greater than `afterSeq` (so a reload catches up). */
  'logs:get': {
    input: z.object({ server: ServerName, afterSeq: z.number().int().optional() }).strict(),
    output: z.array(LogEntrySchema),
  },
} as const;

/** Event declarations: name → payload schema. Main → renderer only. */
export const events = {
  'servers:changed': ServersSnapshotSchema,
  'tools:changed': z.object({ server: z.string().optional() }),
  'logs:appended': z.array(LogEntrySchema),
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
