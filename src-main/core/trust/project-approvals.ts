/**
 * Which project servers wait for approval (issue 16 item 1, docs/trust.md): in a folder not
 * trusted yet, every project server (`new`, shown with what it would run); in a trusted folder,
 * every project server whose approval hash is not the one recorded in trust.json (`new` when none
 * is, `changed` otherwise). Pure apart from hashing.
 */
import type { PendingApproval } from '../../../src-shared/api/approval.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import type { ApprovedDefinition } from '../config/trust.js';
import type { DiscoveryResult } from '../config/types.js';
import { approvalEntry, approvalHash, approvalPrompt, diffEntries } from './approval-entry.js';

/** The project-scope definitions of a discovery, first (highest priority) per name. */
export function projectDefinitions(discovery: DiscoveryResult): ServerDefinition[] {
  const seen = new Set<string>();
  const out: ServerDefinition[] = [];
  for (const def of discovery.definitions ?? discovery.servers) {
    if (def.source.scope !== 'project' || seen.has(def.name)) continue;
    seen.add(def.name);
    out.push(def);
  }
  return out;
}

/** The approval records of `defs` as they are now (`at`: epoch ms). */
export function approvalRecords(defs: readonly ServerDefinition[], at: number): Record<string, ApprovedDefinition> {
  return Object.fromEntries(
    defs.map((def) => {
      const entry = approvalEntry(def);
      return [def.name, { hash: approvalHash(entry), entry, file: def.source.file, at }];
    }),
  );
}

/**
 * Pending approvals by server name, for the winning project definitions of `discovery`.
 * `approved`: the folder's records (undefined = none yet); ignored while the folder is untrusted.
 */
export function pendingApprovals(discovery: DiscoveryResult, projectTrusted: boolean, approved: Record<string, ApprovedDefinition> | undefined): Map<string, PendingApproval> {
  const pending = new Map<string, PendingApproval>();
  // Untrusted: the winners exclude project servers that lose to a same-named one; show every project server.
  const defs = projectTrusted ? discovery.servers.filter((d) => d.source.scope === 'project') : projectDefinitions(discovery);
  for (const def of defs) {
    const entry = approvalEntry(def);
    const hash = approvalHash(entry);
    const before = projectTrusted ? approved?.[def.name] : undefined;
    if (before?.hash === hash) continue;
    pending.set(def.name, {
      server: def.name,
      kind: before ? 'changed' : 'new',
      file: def.source.file,
      hash,
      ...(before ? { approvedHash: before.hash } : {}),
      prompt: approvalPrompt(entry),
      changes: diffEntries(before?.entry, entry),
    });
  }
  return pending;
}
