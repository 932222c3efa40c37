/**
 * Manual stops (docs/operator-verbs.md): `stop foo` is remembered in `state.json` (key `manualStops`) so a reload,
 * a file watcher or the next owner process does not start `foo` again — unless `foo`'s launch
 * config changed since it was stopped ("restarts only if foo's config changed"), which counts as
 * the user wanting the new config to run. Stored per name: a fingerprint of the launch fields
 * (a hash, so no env or header value is ever written to state.json).
 */
import { createHash } from 'node:crypto';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { launchKey } from '../mcp/transport/transport-factory.js';
import type { ManagedServer } from '../mcp/manager/types.js';
import { StateStore } from './state-store.js';

/** The state.json key. */
export const MANUAL_STOPS_KEY = 'manualStops';

/** Name → fingerprint. A Map, not an object: a server may be called `__proto__` or `constructor`. */
type Stops = Map<string, string>;

/** The on-disk form (an own property per name, whatever the name). */
function toJson(stops: Stops): Record<string, string> | undefined {
  return stops.size > 0 ? Object.fromEntries(stops) : undefined;
}

/** The stops in a state.json value (a bad value reads as none; non-string entries are skipped). */
function fromJson(value: unknown): Stops {
  const out: Stops = new Map();
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out.set(k, v);
  return out;
}

/** A secret-free fingerprint of a definition's launch fields. */
export function launchFingerprint(def: ServerDefinition): string {
  return createHash('sha256').update(launchKey(def)).digest('hex').slice(0, 32);
}

/** Reads and writes the manual stops of one data folder. */
export class ManualStops {
  private readonly store: StateStore;

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
  }

  /** Names currently stopped by hand (as on disk now). */
  names(): Set<string> {
    return new Set(this.read().keys());
  }

  private read(): Stops {
    return fromJson(this.store.get<unknown>(MANUAL_STOPS_KEY));
  }

  /** Remember that the user stopped `def` (with its current launch fingerprint). */
  async add(def: ServerDefinition): Promise<void> {
    const fp = launchFingerprint(def);
    await this.store.update<unknown>(MANUAL_STOPS_KEY, (cur) => toJson(fromJson(cur).set(def.name, fp)));
  }

  /** Forget a manual stop (`start`, `restart <name>`). */
  async remove(name: string): Promise<void> {
    if (!this.read().has(name)) return;
    await this.store.update<unknown>(MANUAL_STOPS_KEY, (cur) => {
      const next = fromJson(cur);
      next.delete(name);
      return toJson(next);
    });
  }

  /**
   * Apply to the manager's input: a `run` server stopped by hand with the SAME launch fingerprint
   * becomes `stopped`; one whose config changed since is started and its manual stop forgotten.
   * Resolves to the new list (same order).
   */
  async apply(servers: ManagedServer[]): Promise<ManagedServer[]> {
    const stops = this.read();
    const changed: string[] = [];
    const out = servers.map((s) => {
      const fp = stops.get(s.definition.name);
      if (fp === undefined || s.desired !== 'run') return s;
      if (fp === launchFingerprint(s.definition)) return { ...s, desired: 'stopped' as const };
      changed.push(s.definition.name);
      return s;
    });
    for (const name of changed) await this.remove(name);
    return out;
  }
}
