/**
 * The protocol setting (issue 10) of servers that live in another host's file: never written into
 * that file (the host knows no such key), kept in Switchboard's `state.json` (`protocolOverrides`)
 * with a fingerprint of the definition it was chosen for. When the definition changes (command,
 * URL, env…), the fingerprint no longer matches and the override is dropped: a different server
 * may speak a different generation. Servers in Switchboard's own servers.json carry `protocol`
 * themselves (config writer).
 */
import { createHash } from 'node:crypto';
import type { ProtocolMode, ServerDefinition } from '../../../src-shared/config/server.js';
import type { DiscoveryResult } from './types.js';
import { StateStore } from '../data/state-store.js';

const STATE_KEY = 'protocolOverrides';

interface StoredOverride {
  protocol: ProtocolMode;
  /** `fingerprint(def)` when it was set. */
  definition: string;
}

/** A hash of what identifies a definition's server: where it lives and how it is launched. */
export function fingerprint(def: ServerDefinition): string {
  const launch = [def.source.host, def.source.file, def.transport, def.command, def.args, def.env, def.cwd, def.url, def.headers, def.auth];
  return createHash('sha256').update(JSON.stringify([def.name, ...launch])).digest('hex').slice(0, 32);
}

/** Overrides by server name, read from and written to state.json. */
export class ProtocolOverrides {
  private readonly store: StateStore;

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
  }

  /**
   * `discovery` with each override applied to the winning definition it was chosen for (other
   * hosts' files only). Overrides whose definition changed are dropped from state.json.
   */
  async apply(discovery: DiscoveryResult): Promise<DiscoveryResult> {
    const all = this.store.get<Record<string, StoredOverride>>(STATE_KEY) ?? {};
    const stale: string[] = [];
    const servers = discovery.servers.map((def) => {
      const o = all[def.name];
      if (!o || def.source.host === 'switchboard') return def;
      if (o.definition !== fingerprint(def)) {
        stale.push(def.name);
        return def;
      }
      return { ...def, protocol: o.protocol };
    });
    if (stale.length > 0) {
      await this.store
        .update<Record<string, StoredOverride>>(STATE_KEY, (cur) => {
          const next = { ...(cur ?? {}) };
          for (const name of stale) delete next[name];
          return Object.keys(next).length > 0 ? next : undefined;
        })
        .catch(() => undefined);
    }
    return { ...discovery, servers };
  }

  /** Set (or with `auto`/undefined, clear) the override of `def`. Rejects when state.json cannot be written. */
  async set(def: ServerDefinition, protocol: ProtocolMode | undefined): Promise<void> {
    await this.store.update<Record<string, StoredOverride>>(STATE_KEY, (cur) => {
      const next = { ...(cur ?? {}) };
      if (protocol === undefined || protocol === 'auto') delete next[def.name];
      else next[def.name] = { protocol, definition: fingerprint(def) };
      return Object.keys(next).length > 0 ? next : undefined;
    });
  }
}
