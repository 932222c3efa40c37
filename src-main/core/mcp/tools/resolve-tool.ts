/**
 * One tool lookup for every face (issue 29 item 3; docs/tool-bridge.md "Where a call goes"): the
 * `tools:call` handler (its required-parameter check), the manager's `callTool` (rule calls of the
 * trigger engine, history and trace replays through the handler) and, next, the gateway ask
 * `resolveTool` once and act on its answer. It waits for a connect in progress, then checks the
 * server's status, that the server listed the tool, and that the tool is exposed (its
 * `enabledTools`/`disabledTools`, and tools Switchboard holds back: a pin in block mode, a
 * Switchboard-only switch). The refusal texts are the ones the CLI documents (docs/cli.md,
 * docs/operator-verbs.md); tests assert them.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import { DEFAULT_TIMEOUT_MS, type ServerDefinition } from '../../../../src-shared/config/server.js';
import { CoreError } from '../../facade/errors.js';
import { changedMessage, connectFailureMessage } from '../manager/manager-messages.js';
import { isToolExposed } from './tool-bridge.js';

/** What a connection must offer to be resolved against (a `ServerConnection`). */
export interface ResolvableConnection {
  readonly name: string;
  readonly status: string;
  readonly definition: Pick<ServerDefinition, 'timeout' | 'enabledTools' | 'disabledTools'>;
  /** Resolves when a connect in progress has settled. */
  whenSettled(): Promise<void>;
  /** The tools the server listed (raw, unfiltered). */
  listedTools(): Tool[];
  runtime(): { lastError?: string };
}

/** What the connection needs to run a resolved call (connection.ts `callTool`). */
export interface ToolTarget {
  /** The raw tool name, as the server listed it. */
  name: string;
  /** The listed definition: its `x-mcp-header` declarations become headers (tool-headers.ts). */
  definition: Tool;
  /** The tool's `outputSchema`, which a successful result's `structuredContent` is checked against. */
  outputSchema?: Record<string, unknown>;
  /** The call's timeout in ms: the server's `timeout`, default `DEFAULT_TIMEOUT_MS` (a call's own `timeoutMs` wins). */
  timeoutMs: number;
}

/** A tool that may be called now. */
export interface ResolvedTool<C extends ResolvableConnection = ResolvableConnection> extends ToolTarget {
  ok: true;
  server: string;
  /** The connected connection that runs the call. */
  connection: C;
  /** The tool as agents see it: exposed name (`agentName`), normalised input schema (the required-parameter check). */
  info: ToolInfo;
}

/** Why a tool may not be called now: the `CoreError` code and the CLI's text. */
export interface ToolRefusal {
  ok: false;
  code: 'NOT_FOUND' | 'DISABLED' | 'UNTRUSTED' | 'NOT_CONNECTED';
  message: string;
}

export type ToolResolution<C extends ResolvableConnection = ResolvableConnection> = ResolvedTool<C> | ToolRefusal;

/** What `resolveTool` reads: the manager's connections, filters and held tools. */
export interface ToolSource<C extends ResolvableConnection> {
  /** The connection of `server`; undefined for an unknown name. */
  connection(server: string): C | undefined;
  /** The connection's tool filters, held tools added to `disabledTools`. */
  filters(connection: C): { enabledTools?: string[]; disabledTools?: string[] };
  /** Why Switchboard holds `tool` back (a sentence after the tool's name); undefined when it does not. */
  heldReason(server: string, tool: string): string | undefined;
  /** The exposed tool as agents see it (names assigned over every connected server); with `person`, a tool off for agents too (off-for-agents.ts). */
  exposed(server: string, tool: string, person?: boolean): ToolInfo | undefined;
  /** Whether `tool` is held back even from a person (a pin in block mode). */
  blocked(server: string, tool: string): boolean;
}

const refuse = (code: ToolRefusal['code'], message: string): ToolRefusal => ({ ok: false, code, message });

/** The refusal for a connection that is not connected (after a connect in progress settled). */
function statusRefusal(server: string, c: ResolvableConnection): ToolRefusal | undefined {
  switch (c.status) {
    case 'connected':
      return undefined;
    case 'disabled':
      return refuse('DISABLED', `Server "${server}" is disabled. Run switchboard enable ${server} first.`);
    case 'untrusted':
      return refuse('UNTRUSTED', `Server "${server}" comes from a project folder that is not trusted. Run switchboard trust first.`);
    case 'changed':
      return refuse('UNTRUSTED', changedMessage(server));
    case 'stopped':
      return refuse('NOT_CONNECTED', `Server "${server}" is stopped. Run switchboard start ${server} first.`);
    case 'backoff':
      return refuse('NOT_CONNECTED', `${connectFailureMessage(server, c.runtime().lastError)} (restarting automatically; retry in a moment)`);
    default:
      return refuse('NOT_CONNECTED', connectFailureMessage(server, c.runtime().lastError ?? c.status));
  }
}

/**
 * Resolve `tool` on `server` by raw names. Waits for a connect in progress; never throws. Refusals:
 * NOT_FOUND (`Unknown server "<s>"`, `Unknown tool "<t>" on server "<s>"`, `Tool "<t>" on server
 * "<s>" is filtered out by its enabledTools/disabledTools` or the held reason), DISABLED, UNTRUSTED
 * (untrusted project, changed definition), NOT_CONNECTED (stopped, restarting, failed). With
 * `person` (a call from the window, issue 32) a tool only off for agents resolves too.
 */
export async function resolveTool<C extends ResolvableConnection>(source: ToolSource<C>, server: string, tool: string, person = false): Promise<ToolResolution<C>> {
  const connection = source.connection(server);
  if (!connection) return refuse('NOT_FOUND', `Unknown server "${server}"`);
  if (connection.status === 'connecting') await connection.whenSettled();
  const refusal = statusRefusal(server, connection);
  if (refusal) return refusal;
  const definition = connection.listedTools().find((t) => t.name === tool);
  if (!definition) return refuse('NOT_FOUND', `Unknown tool "${tool}" on server "${server}"`);
  // A held tool says why (a pin in block mode, a Switchboard-only switch), not a list it is not in.
  // A person (`person`, the window) may call a tool that is only off for agents (issue 32); a pin in block mode holds it from everyone.
  const offForPerson = person && !source.blocked(server, tool);
  if (!offForPerson && !isToolExposed(tool, source.filters(connection))) return refuse('NOT_FOUND', `Tool "${tool}" on server "${server}" ${source.heldReason(server, tool) ?? 'is filtered out by its enabledTools/disabledTools'}`);
  const info = source.exposed(server, tool, person);
  if (!info) return refuse('NOT_FOUND', `Unknown tool "${tool}" on server "${server}"`);
  const outputSchema = definition.outputSchema as Record<string, unknown> | undefined;
  return { ok: true, server, connection, name: tool, definition, outputSchema, timeoutMs: connection.definition.timeout ?? DEFAULT_TIMEOUT_MS, info };
}

/** A refusal as the `CoreError` the manager's `callTool` throws (the wire's `{ ok: false, error }`). */
export function refusalError(refusal: ToolRefusal): CoreError {
  return new CoreError(refusal.code, refusal.message);
}
