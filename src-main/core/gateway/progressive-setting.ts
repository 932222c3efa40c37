/**
 * Which hosts use progressive discovery (issue 31 item 4, docs/gateway.md § Progressive discovery):
 * kept in Switchboard's state.json under `gatewayProgressive` (host ids, sorted), like the per-host
 * tool toggles — off by default, i.e. a host not named. Read from the file on every question, so a
 * switch written by another process (the CLI attached elsewhere, a one-shot core) acts on the next
 * request; a value that is not an array of strings reads as none.
 */
import type { HostId } from '../../../src-shared/config/server.js';
import { StateStore } from '../data/state-store.js';

/** state.json key: the host ids with progressive discovery on. */
export const GATEWAY_PROGRESSIVE_KEY = 'gatewayProgressive';

export class ProgressiveSetting {
  private readonly store: StateStore;

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
  }

  /** The hosts it is on for, as kept. */
  hosts(): string[] {
    const v = this.store.get<unknown>(GATEWAY_PROGRESSIVE_KEY);
    return Array.isArray(v) ? v.filter((h): h is string => typeof h === 'string') : [];
  }

  /** Whether it is on for `host`. */
  on(host: HostId): boolean {
    return this.hosts().includes(host);
  }

  /** Switch it for `host`; `unchanged` when it already was. Rejects when state.json cannot be written. */
  async set(host: HostId, on: boolean): Promise<{ unchanged: boolean }> {
    if (this.on(host) === on) return { unchanged: true };
    await this.store.update<string[]>(GATEWAY_PROGRESSIVE_KEY, (cur) => {
      const kept = (Array.isArray(cur) ? cur : []).filter((h) => typeof h === 'string' && h !== host);
      const next = on ? [...kept, host].sort() : kept;
      return next.length > 0 ? next : undefined;
    });
    return { unchanged: false };
  }
}
