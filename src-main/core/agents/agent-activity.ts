/**
 * What each host's agent does through the gateway, live (issue 31 item 2, docs/gateway.md § Agents):
 * requests in flight and the recent ones per host, in memory only. Bounded: at most
 * `RECENT_PER_HOST` (100) finished requests per host (17 hosts: at most 1,700 records, each with
 * arguments already capped at 64 KiB by the caller), and the start times of the last 60 s for the
 * count (dropped as they age). Requests in flight are held only while they run.
 */
import type { AgentCall, AgentCounts, AgentsRecent } from '../../../src-shared/api/agents.js';
import type { HostId } from '../../../src-shared/config/server.js';

/** Finished requests kept per host. */
export const RECENT_PER_HOST = 100;
/** The window of `counts().lastMinute`, ms. */
export const LAST_MINUTE_MS = 60_000;

/** The start of a request, as the tracker takes it. */
export type AgentStart = Pick<AgentCall, 'host' | 'kind' | 'name' | 'args'> & { server?: string };
/** The end of a request. */
export type AgentEnd = Pick<AgentCall, 'outcome'> & { server?: string; summary?: string; error?: string };

/** In-flight and recent requests per host, and the counts the tray shows. `now`: the clock (epoch ms). */
export class AgentActivity {
  private readonly running = new Map<string, AgentCall>();
  private readonly recentByHost = new Map<HostId, AgentCall[]>();
  private starts: number[] = [];
  private next = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A request started: its record (outcome `running`). */
  start(s: AgentStart): AgentCall {
    const call: AgentCall = { id: `agent-${++this.next}`, host: s.host, kind: s.kind, name: s.name, args: s.args, startedAt: this.now(), outcome: 'running', ...(s.server !== undefined ? { server: s.server } : {}) };
    this.running.set(call.id, call);
    this.starts.push(call.startedAt);
    return call;
  }

  /** Progress of a running request (ignored once it ended): its record now, or undefined. */
  progress(id: string, progress: NonNullable<AgentCall['progress']>): AgentCall | undefined {
    const call = this.running.get(id);
    if (!call) return undefined;
    call.progress = progress;
    return { ...call };
  }

  /** A request ended: its final record, kept among the host's recent ones (the oldest dropped past the bound). */
  finish(id: string, end: AgentEnd): AgentCall | undefined {
    const call = this.running.get(id);
    if (!call) return undefined;
    this.running.delete(id);
    const done: AgentCall = {
      ...call,
      outcome: end.outcome,
      durationMs: Math.max(0, this.now() - call.startedAt),
      ...(end.server !== undefined ? { server: end.server } : {}),
      ...(end.summary !== undefined ? { summary: end.summary } : {}),
      ...(end.error !== undefined ? { error: end.error } : {}),
    };
    const list = this.recentByHost.get(done.host) ?? [];
    list.push(done);
    if (list.length > RECENT_PER_HOST) list.splice(0, list.length - RECENT_PER_HOST);
    this.recentByHost.set(done.host, list);
    return done;
  }

  /** Requests in flight now and started in the last `LAST_MINUTE_MS`, over every host. */
  counts(): AgentCounts {
    const since = this.now() - LAST_MINUTE_MS;
    if (this.starts.length > 0 && (this.starts[0] ?? since) < since) this.starts = this.starts.filter((t) => t >= since);
    return { inFlight: this.running.size, lastMinute: this.starts.length };
  }

  /** Per host (only `host` when given), in host-id order: in flight oldest first, recent newest first (at most `limit`). */
  recent(host?: HostId, limit = RECENT_PER_HOST): AgentsRecent {
    const hosts = new Set<HostId>([...this.recentByHost.keys(), ...[...this.running.values()].map((c) => c.host)]);
    const chosen = [...hosts].filter((h) => host === undefined || h === host).sort();
    return {
      hosts: chosen.map((h) => ({
        host: h,
        inFlight: [...this.running.values()].filter((c) => c.host === h).map((c) => ({ ...c })),
        recent: limit === 0 ? [] : (this.recentByHost.get(h) ?? []).slice(-limit).reverse(),
      })),
      counts: this.counts(),
    };
  }
}
