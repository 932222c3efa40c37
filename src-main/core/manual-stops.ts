/**
 * Manual stops (SPEC §5): `stop foo` is remembered in `state.json` (key `manualStops`) so a reload,
 * a file watcher or the next owner process does not start `foo` again — unless `foo`'s launch
 * config changed since it was stopped ("restarts only if foo's config changed"), which counts as
 * the user wanting the new config to run. Stored per name: a fingerprint of the launch fields
 * (a hash, so no env or header value is ever written to state.json).
 */
import { createHash } from 'node:crypto';
import type { ServerDefinition } from '../../src-shared/config/server.js';
import { launchKey } from './mcp/transport-factory.js';
import type { ManagedServer } from './mcp/types.js';
import { StateStore } from './state-store.js';

/** The state.json key. */
export const MANUAL_STOPS_KEY = 'manualStops';

type Stops = Record<string, string>;

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
    return new Set(Object.keys(this.read()));
  }

  private read(): Stops {
    const value = this.store.get<unknown>(MANUAL_STOPS_KEY);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: Stops = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
    return out;
  }

  /** Remember that the user stopped `def` (with its current launch fingerprint). */
  async add(def: ServerDefinition): Promise<void> {
    const fp = launchFingerprint(def);
    await this.store.update<Stops>(MANUAL_STOPS_KEY, (cur) => ({ ...(cur ?? {}), [def.name]: fp }));
  }

  /** Forget a manual stop (`start`, `restart <name>`). */
  async remove(name: string): Promise<void> {
    if (!(name in this.read())) return;
    await this.store.update<Stops>(MANUAL_STOPS_KEY, (cur) => {
      const next = { ...(cur ?? {}) };
      delete next[name];
      return Object.keys(next).length > 0 ? next : undefined;
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
      const fp = stops[s.definition.name];
      if (fp === undefined || s.desired !== 'run') return s;
      if (fp === launchFingerprint(s.definition)) return { ...s, desired: 'stopped' as const };
      changed.push(s.definition.name);
      return s;
    });
    for (const name of changed) await this.remove(name);
    return out;
  }
}
