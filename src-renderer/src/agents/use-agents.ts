/**
 * What the Agents view shows (issue 31 item 2, docs/gateway.md § Agents): `agents:recent` (calls in
 * flight and the recent ones per host, counted and bounded by the core), kept live by
 * `agents:activity` — each event's call put where it now belongs — and read again after a reconnect.
 */
import { useMemo } from 'react';
import type { AgentActivityEvent, AgentsRecent } from '../../../src-shared/api/agents.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';

/** Recent calls shown per host: what the core keeps (core/agents/agent-activity.ts `RECENT_PER_HOST`). */
const RECENT_SHOWN = 100;

/** `state` with `ev`'s call in its host's in-flight list (started, progress) or at the head of its recent ones (finished). */
export function withActivity(state: AgentsRecent, ev: AgentActivityEvent): AgentsRecent {
  const { call } = ev;
  const hosts = state.hosts.some((h) => h.host === call.host) ? state.hosts : [...state.hosts, { host: call.host, inFlight: [], recent: [] }].sort((a, b) => a.host.localeCompare(b.host));
  return {
    counts: ev.counts,
    hosts: hosts.map((h) => {
      if (h.host !== call.host) return h;
      const others = h.inFlight.filter((c) => c.id !== call.id);
      if (ev.phase === 'finished') return { ...h, inFlight: others, recent: [call, ...h.recent.filter((c) => c.id !== call.id)].slice(0, RECENT_SHOWN) };
      // A progress event for a call already finished here (events cross) is dropped.
      if (ev.phase === 'progress' && !h.inFlight.some((c) => c.id === call.id)) return h;
      return { ...h, inFlight: ev.phase === 'started' ? [...others, call] : h.inFlight.map((c) => (c.id === call.id ? call : c)) };
    }),
  };
}

/** The per-host activity (undefined until the first answer) and the last error's words. */
export function useAgents(): { data?: AgentsRecent; error?: string } {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<AgentsRecent>>(
    () => ({
      fetch: () => api.call('agents:recent', {}),
      follow: ({ patch }) => [api.on('agents:activity', (ev) => patch((state) => withActivity(state, ev)))],
    }),
    [api],
  );
  const { data, error } = useFollowedList(spec);
  return { ...(data !== undefined ? { data } : {}), ...(error !== undefined ? { error: error.message } : {}) };
}
