/**
 * Which gateway door a request to a server runs for (issue 30 item 2, docs/gateway.md § Trace): the
 * gateway's handlers run their downstream request inside `withVia({ host }, …)`, and the JSON-RPC
 * trace (rpc-trace.ts) tags the request's entry and its reply's with `via`. AsyncLocalStorage
 * follows the request's awaits into `transport.send`, so two doors calling at once never see each
 * other's host, and nothing is added to the message the server gets.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallVia } from '../../../../src-shared/api/gateway.js';

const current = new AsyncLocalStorage<CallVia>();
/**
 * Whether any door ever ran a request here. Until one does no context holds a `via`, and
 * `currentVia` skips the context lookup that every traced outgoing message would pay (issue 32
 * item 1: one of the larger parts of the trace tap's own time per call; the desktop app, the CLI
 * and the library never open a door).
 */
let used = false;

/** Run `task` with `via` as the door of every request it sends; without `via`, just run it. */
export function withVia<T>(via: CallVia | undefined, task: () => Promise<T>): Promise<T> {
  if (via === undefined) return task();
  used = true;
  return current.run(via, task);
}

/** The door the request being sent now runs for, or undefined (a person, the bridge, the library). */
export function currentVia(): CallVia | undefined {
  return used ? current.getStore() : undefined;
}
