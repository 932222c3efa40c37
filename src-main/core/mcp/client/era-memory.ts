/**
 * The negotiated protocol era, remembered per definition (issue 10), so a reconnect — or the next
 * one-shot CLI run — does not probe again: a modern verdict keeps the server's `server/discover`
 * result (the SDK adopts it with zero round trips), a legacy verdict skips the probe.
 *
 * Keyed by a hash of the server's name and launch fields (`launchKey`), so a changed definition is
 * a new key and never reuses an old verdict, and no env or header value reaches state.json. A
 * stale modern verdict fails loudly at the first request (the connection then forgets it and
 * probes); a stale legacy verdict would succeed silently forever (an upgraded server still answers
 * `initialize`), so legacy verdicts expire after `LEGACY_HORIZON_MS` (the SDK's advice on
 * `PriorDiscovery`).
 */
import { createHash } from 'node:crypto';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import type { ServerDefinition } from '../../../../src-shared/config/server.js';
import type { StateStore } from '../../data/state-store.js';
import { launchKey } from '../transport/transport-factory.js';

/** A remembered verdict. `at` is when it was negotiated (epoch ms). */
export type RememberedEra =
  | { era: 'modern'; version: string; discover: DiscoverResult; at: number }
  | { era: 'legacy'; version: string; at: number };

/** Where verdicts are kept. */
export interface EraMemory {
  recall(key: string): RememberedEra | undefined;
  remember(key: string, verdict: RememberedEra): void;
  forget(key: string): void;
}

/** How long a legacy verdict is trusted (ms): 7 days. */
export const LEGACY_HORIZON_MS = 7 * 24 * 60 * 60_000;
/** Verdicts kept at most (oldest dropped first). */
export const MAX_REMEMBERED = 500;
/** The state.json key. */
const STATE_KEY = 'protocolEras';

/** The memory key of a definition: sha256 of its name and launch fields (no secret leaves in clear). */
export function eraKey(def: ServerDefinition): string {
  return createHash('sha256').update(`${def.name}\u0000${launchKey(def)}`).digest('hex').slice(0, 32);
}

/**
 * Verdicts in memory, optionally mirrored to state.json (`protocolEras`) so the next process
 * finds them. Reads the file once, on first use; writes are fire-and-forget (a failed write only
 * costs a probe next time). `now` is injectable for tests.
 */
export class StoredEraMemory implements EraMemory {
  private entries?: Map<string, RememberedEra>;

  constructor(
    private readonly state?: StateStore,
    private readonly now: () => number = Date.now,
  ) {}

  recall(key: string): RememberedEra | undefined {
    const verdict = this.load().get(key);
    if (verdict?.era === 'legacy' && this.now() - verdict.at > LEGACY_HORIZON_MS) return undefined;
    return verdict;
  }

  remember(key: string, verdict: RememberedEra): void {
    const entries = this.load();
    entries.delete(key);
    entries.set(key, verdict);
    while (entries.size > MAX_REMEMBERED) entries.delete(entries.keys().next().value!);
    this.persist();
  }

  forget(key: string): void {
    if (this.load().delete(key)) this.persist();
  }

  private load(): Map<string, RememberedEra> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    const stored = this.state?.get<Record<string, RememberedEra>>(STATE_KEY);
    if (stored && typeof stored === 'object') {
      for (const [key, value] of Object.entries(stored)) if (isVerdict(value)) this.entries.set(key, value);
    }
    return this.entries;
  }

  private persist(): void {
    if (!this.state) return;
    const snapshot = Object.fromEntries(this.load());
    void this.state.update(STATE_KEY, () => snapshot).catch(() => undefined);
  }
}

function isVerdict(v: unknown): v is RememberedEra {
  const r = v as Partial<RememberedEra> | undefined;
  if (!r || typeof r.version !== 'string' || typeof r.at !== 'number') return false;
  if (r.era === 'legacy') return true;
  return r.era === 'modern' && typeof (r as { discover?: unknown }).discover === 'object';
}
