/**
 * A host view row's run state (issue 32, docs/config-discovery.md § Per-host view): the host
 * loading a definition says nothing about whether it starts, so each row of `config:hosts` also
 * says how the server Switchboard runs under that name is doing — running with its tool count,
 * starting, in error with the reason, stopped, or not started and why — and names the server page
 * to open. Pure.
 */
import type { HostRowRun } from '../../../src-shared/api/config.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import type { ServerRuntime } from '../mcp/manager/types.js';
import { provenanceText } from './host-view.js';
import type { DiscoveryResult } from './types.js';

const NOT_STARTED: Partial<Record<ServerRuntime['status'], string>> = {
  disabled: 'disabled',
  untrusted: 'project folder not trusted',
  changed: 'definition changed since it was approved',
};

/** The run state of `def`'s row: from `runtime(def.name)` when Switchboard runs this very definition. */
export function hostRowRun(def: ServerDefinition, result: DiscoveryResult, runtime: (name: string) => ServerRuntime | undefined): HostRowRun {
  const runs = result.servers.find((s) => s.name === def.name);
  const rt = runtime(def.name);
  if (!runs || !rt) return { state: 'not-started', reason: def.enabled === false ? 'disabled' : 'not run by Switchboard' };
  const server = runs.name;
  const same = runs.source.host === def.source.host && runs.source.file === def.source.file && runs.source.line === def.source.line;
  if (!same) return { state: 'not-started', reason: `Switchboard runs the definition in ${provenanceText(runs.source)}`, server };
  switch (rt.status) {
    case 'connected':
      return { state: 'running', tools: rt.toolCount, server };
    case 'connecting':
      return { state: 'starting', server };
    case 'stopped':
      return { state: 'stopped', server };
    case 'disabled':
    case 'untrusted':
    case 'changed':
      return { state: 'not-started', reason: NOT_STARTED[rt.status], server };
    case 'needs-auth':
      return { state: 'error', reason: rt.lastError ?? 'needs sign-in', server };
    default:
      return { state: 'error', reason: rt.lastError ?? rt.status, server };
  }
}
