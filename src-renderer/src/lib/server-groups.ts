/**
 * The server list's groups (issue 32 item 2): one group per source — a host and a scope, e.g.
 * `Claude Code (project)` — so a server's place does not depend on anything that changes while the
 * window is open. The core lists servers in discovery order, and that order moves a project's
 * servers from last (folder untrusted: they never shadow anything) to first (trusted): grouped, a
 * server keeps its place when its status or the folder's trust changes.
 *
 * Order: groups by scope (project, local, user, app, managed — what the person is working on
 * first), then by host label; inside a group, the snapshot's order (the order of the file), so a
 * server added to a file appears where it was written. Pure.
 */
import type { ServerState } from '../../../src-shared/api/status.js';
import type { Scope } from '../../../src-shared/config/server.js';
import { hostScopeLabel } from './format.js';

/** One group of the list: its label (`Claude Code (project)`) and its servers in snapshot order. */
export interface ServerGroup {
  label: string;
  servers: ServerState[];
}

const SCOPE_RANK: Record<Scope, number> = { project: 0, local: 1, user: 2, app: 3, managed: 4 };

/** `servers` in groups by source (see the module comment for the order). */
export function groupServers(servers: readonly ServerState[]): ServerGroup[] {
  const groups = new Map<string, ServerGroup & { rank: number }>();
  for (const s of servers) {
    const label = hostScopeLabel(s.server.source);
    let g = groups.get(label);
    if (!g) groups.set(label, (g = { label, servers: [], rank: SCOPE_RANK[s.server.source.scope] ?? 9 }));
    g.servers.push(s);
  }
  return [...groups.values()]
    .sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label, 'en'))
    .map(({ label, servers: list }) => ({ label, servers: list }));
}
