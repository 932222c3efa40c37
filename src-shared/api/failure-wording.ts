/**
 * One wording for a server that could not be reached (issue 28 item 9; xcsh's "Failed to connect to
 * \"<name>\": <message>", docs/operator-verbs.md): `test`, `status`, `tools`, calls, the window's server
 * list and the library's `errors[].message` all say it this way. Pure; the core and the renderer share it.
 */
import type { ServerStatusName } from './status.js';

/** `Failed to connect to "<name>": <cause>` (`not connected` when there is no cause). */
export function connectFailureMessage(name: string, cause: string | undefined): string {
  return `Failed to connect to "${name}": ${cause ?? 'not connected'}`;
}

/** Statuses whose `lastError` is a failure to connect (the ones `status` counts as failing). */
const CONNECT_FAILED: ReadonlySet<ServerStatusName> = new Set<ServerStatusName>(['error', 'backoff', 'needs-auth', 'disconnected']);

/**
 * A server's last error as a line: the connect-failure wording for a server that is down (error,
 * backoff, needs-auth, disconnected); the bare `lastError` otherwise (a previous attempt while
 * connecting); undefined without one.
 */
export function lastErrorLine(state: { server: { name: string }; status: ServerStatusName; lastError?: string }): string | undefined {
  if (state.lastError === undefined) return undefined;
  return CONNECT_FAILED.has(state.status) ? connectFailureMessage(state.server.name, state.lastError) : state.lastError;
}
