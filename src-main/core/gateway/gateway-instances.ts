/**
 * Separate instances for the gateway (issue 30 item 6, docs/gateway.md § Sharing): when a host's
 * entry for a server has another instance key (gateway-instance.ts: another definition under the
 * same name, or other roots) than the process the owner runs under that name, the owner runs one
 * more process for that key, named `<server>@<8 hex of the key>` — shared again by every host whose
 * entry has that key. The owner's manager runs them beside discovery's servers (the core adds
 * `managed()` to every reconcile), so supervision, the reaper's child list and the owner's stop
 * cover them; each gets its roots through the inspector's roots map (what `roots/list` answers).
 *
 * Only stdio definitions from a host's user or global files get an instance: a project file's
 * definition passes the approval of its own folder only in discovery, and a remote server's
 * sign-in is kept under its own name (both stay refused with the mismatch's words). An instance
 * lives while its definition is still read from its file (checked at each rediscovery) — one from a
 * file outside the owner's discovery (another project's) until the owner stops.
 */
import type { Root } from '../../../src-shared/api/inspector.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { nameHash } from '../../../src-shared/config/tool-names.js';
import type { ManagedServer } from '../mcp/manager/types.js';
import { instanceKey, type InstanceSide } from './gateway-instance.js';

interface Instance {
  /** The host's definition, renamed to the instance's name. */
  definition: ServerDefinition;
  /** The host's definition as read (to tell whether its file still holds it). */
  source: ServerDefinition;
  key: string;
}

/** The instances the gateway asked for, by instance name. */
export class GatewayInstances {
  private readonly wanted = new Map<string, Instance>();

  /** `roots`: the map `roots/list` answers from by server name (the inspector's). */
  constructor(private readonly roots: Map<string, Root[]>) {}

  /** Whether `def` may get an instance of its own (stdio, not from a project file). */
  static eligible(def: ServerDefinition): boolean {
    return def.transport === 'stdio' && def.source.scope !== 'project';
  }

  /** The instance name for `side`: `<server>@<nameHash of its key>`. */
  static nameOf(side: InstanceSide): string {
    return `${side.def.name}@${nameHash(instanceKey(side))}`;
  }

  /** Ask for `side`'s instance; `added` is true when it was not wanted before (the manager must reconcile). */
  want(side: InstanceSide): { name: string; added: boolean } {
    const name = GatewayInstances.nameOf(side);
    if (this.wanted.has(name)) return { name, added: false };
    this.wanted.set(name, { definition: { ...side.def, name }, source: side.def, key: instanceKey(side) });
    this.roots.set(name, [...side.roots]);
    return { name, added: true };
  }

  /** The names of the instances of server `base` (its name in discovery), in the order asked for. */
  of(base: string): string[] {
    return [...this.wanted].filter(([, i]) => i.source.name === base).map(([name]) => name);
  }

  /** The instances for the manager, each to run. */
  managed(): ManagedServer[] {
    return [...this.wanted.values()].map((i) => ({ definition: i.definition, desired: 'run' }));
  }

  /**
   * Forget instances whose definition is no longer read from its file: `definitions` are every
   * definition discovery read, `files` every file it considered. One from a file it did not
   * consider (another project's) is kept.
   */
  prune(definitions: readonly ServerDefinition[], files: ReadonlySet<string>): void {
    for (const [name, inst] of this.wanted) {
      if (!files.has(inst.source.source.file)) continue;
      const same = definitions.some((d) => d.name === inst.source.name && d.source.file === inst.source.source.file && instanceKey({ def: d, roots: [] }) === instanceKey({ def: inst.source, roots: [] }));
      if (same) continue;
      this.wanted.delete(name);
      this.roots.delete(name);
    }
  }
}
