/**
 * The last list built for each door (issue 30 § Benchmark, docs/gateway.md § Speed): `gateway:call`
 * and `gateway:list` read the host's view, the snapshot, the toggles and the pins on every request
 * — about half a millisecond of the owner's CPU per call. An entry is reused only while everything
 * it was built from is the same, so a toggle or a pin still acts on the very next call:
 *
 * - `discovery`: the discovery result object (every rediscovery — a host file changed, trust given,
 *   a server added or enabled — makes a new one);
 * - `trusted`: whether the project is trusted now (read from trust.json on each request);
 * - `toggles`: the Switchboard-only toggles as re-read from state.json on each request (another
 *   process may have written them), as text;
 * - `pins`: the tools held by a pin in `block` mode of each server the entry lists, computed on each
 *   request (a pin accepted, a mode changed, the pin file written elsewhere);
 * - and what the manager says: a server's status or error changed (`status()`, on its `status`
 *   events, which also follow every call) or its tools were listed again (`clear()` on `tools`).
 *
 * Only the owner's own project is cached; a door for another folder is discovered afresh each time.
 */

/** What an entry was built from (compared by identity for `discovery`, by value for the rest). */
export interface GatewayBuildInputs {
  discovery: object;
  trusted: boolean;
  toggles: string;
  /** The pins' held tools for the servers in `servers`, as text (`pinsOf`). */
  pins: (servers: readonly string[]) => string;
}

interface Entry<T> {
  discovery: object;
  trusted: boolean;
  toggles: string;
  servers: readonly string[];
  pins: string;
  value: T;
}

/** One value per door key, valid while its inputs are unchanged. */
export class GatewayBuildCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private readonly statuses = new Map<string, string>();

  /** The generation now: pass it to `set`, which drops a value built across a `clear()`. */
  stamp(): number {
    return this.generation;
  }

  /** The value built for `key` from the same inputs, or undefined. */
  get(key: string, inputs: GatewayBuildInputs): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.discovery !== inputs.discovery || e.trusted !== inputs.trusted || e.toggles !== inputs.toggles || e.pins !== inputs.pins(e.servers)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /**
   * Keep `value`, built from `inputs` since `stamp`, listing `servers` (whose pins are compared on
   * each `get`). Dropped when the manager changed during the build (its events came in between).
   */
  set(key: string, stamp: number, inputs: GatewayBuildInputs, servers: readonly string[], value: T): void {
    if (stamp !== this.generation) return;
    this.entries.set(key, { discovery: inputs.discovery, trusted: inputs.trusted, toggles: inputs.toggles, servers, pins: inputs.pins(servers), value });
  }

  /**
   * The manager announced `server`'s runtime (it does after every call too): forget every entry
   * when its status or error differs from the last one announced, else keep them.
   */
  status(server: string, status: string, lastError: string | undefined): void {
    const now = JSON.stringify([status, lastError ?? null]);
    if (this.statuses.get(server) === now) return;
    this.statuses.set(server, now);
    this.clear();
  }

  /** Forget every entry (the manager's status or tools changed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** The held tools of each server, as one text (`[server, [tool…]]…`, sorted). */
export function pinsText(servers: readonly string[], heldByPin: (server: string) => ReadonlySet<string>): string {
  return JSON.stringify(servers.map((s) => [s, [...heldByPin(s)].sort()]));
}
