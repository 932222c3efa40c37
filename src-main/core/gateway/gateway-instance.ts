/**
 * Which running process a host's entry may share (issue 30 item 6, docs/gateway.md § Sharing). A
 * process is named by its **instance key**: the definition's approval hash (the launch and contact
 * fields as written — command, args, env, cwd, url, headers, auth — secret values hashed;
 * core/trust/approval-entry.ts) and the roots the backend is given (`roots/list`). Two hosts whose
 * entries for a server have the same key share the one process the owner runs; a host whose key
 * differs (another definition under the same name, or other roots) must not be served by it. Fields
 * that only filter what a host sees (`enabled`, per-tool lists) are not in the key. Pure.
 */
import type { Root } from '../../../src-shared/api/inspector.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { approvalEntry, approvalHash, canonicalJson, diffEntries } from '../trust/approval-entry.js';

/** One side of the comparison: a definition and the roots its backend gets. */
export interface InstanceSide {
  def: ServerDefinition;
  roots: readonly Root[];
}

/** The roots part of the key: their URIs, sorted (names are labels, not what a backend works on). */
const rootsKey = (roots: readonly Root[]): string => canonicalJson(roots.map((r) => r.uri).sort());

/** `<approval hash>|<roots as canonical JSON>`: equal keys may share one process. */
export function instanceKey(side: InstanceSide): string {
  return `${approvalHash(approvalEntry(side.def))}|${rootsKey(side.roots)}`;
}

/**
 * Why the host's entry cannot use the process running `running`, or undefined when both keys are
 * equal. The words name the differing fields (secret values never shown, only "value changed") or
 * both root lists, e.g. `its definition in /h/.cursor/mcp.json differs from the one Switchboard runs
 * (from /h/.claude.json): env.MEMORY_FILE_PATH` or `it would be given the roots [file:///b], the
 * running one has [file:///a]`.
 */
export function instanceMismatch(host: InstanceSide, running: InstanceSide): string | undefined {
  if (instanceKey(host) === instanceKey(running)) return undefined;
  const fields = diffEntries(approvalEntry(running.def), approvalEntry(host.def)).map((c) => c.field);
  if (fields.length > 0) {
    return `its definition in ${host.def.source.file} differs from the one Switchboard runs (from ${running.def.source.file}): ${fields.join(', ')}`;
  }
  const list = (roots: readonly Root[]): string => `[${roots.map((r) => r.uri).join(', ')}]`;
  return `it would be given the roots ${list(host.roots)}, the running one has ${list(running.roots)}`;
}
