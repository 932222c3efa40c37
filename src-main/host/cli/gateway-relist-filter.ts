/**
 * Which `servers:changed` events make the stdio door read its lists again (docs/gateway.md § Speed).
 * The owner announces `servers:changed` after every tool call too (a call's latency and counters are
 * part of the snapshot), and each re-read asks the owner for the tool list and every listed server
 * for its resources, templates and prompts — work that competed with the calls themselves. Only a
 * change of what a list is made of counts: a server's summary (name, enabled, source), status, tool
 * count or error. Toggles and pins say `tools:changed`, host files `config:reloaded`: the door
 * follows those as before.
 */
import type { ServersSnapshot } from '../../../src-shared/api/status.js';

/** The parts of a snapshot a door's lists can depend on, as one text. */
export function listInputsOf(snapshot: ServersSnapshot): string {
  return JSON.stringify(snapshot.servers.map((s) => [s.server, s.status, s.toolCount, s.lastError ?? null]));
}

/** A `servers:changed` listener that calls `relist` only when `listInputsOf` differs from the last one (the first always does). */
export function onListInputsChanged(relist: () => void): (snapshot: ServersSnapshot) => void {
  let last: string | undefined;
  return (snapshot) => {
    const now = listInputsOf(snapshot);
    if (now === last) return;
    last = now;
    relist();
  };
}
