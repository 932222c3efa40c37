/**
 * Discovery (SPEC §2): run every provider in priority order, read each physical file once (by the
 * highest provider that claims it), dedupe by name (first wins; losers are shadowed, not merged),
 * and collect every warning. Never throws for bad config: a provider that fails is a warning.
 */
import { relative, isAbsolute } from 'node:path';
import { HOST_LABELS, hostRank, type ConfigWarning, type ServerDefinition } from '../../../src-shared/config/server.js';
import { hasSecretRefs, markStoredRefs } from '../secrets/secret-refs.js';
import { StateStore } from '../state-store.js';
import { SWITCHBOARD_DISABLED_KEY, type SwitchboardDisabled } from './config-writer.js';
import { CONFIG_PROVIDERS } from './providers/index.js';
import { placeholderWarnings } from './placeholder-warnings.js';
import { claimKey } from './providers/provider-kit.js';
import type { ConfigProvider, DiscoveryContext, DiscoveryResult, ShadowedEntry, SourceFile } from './types.js';

/** Whether `file` lies inside `dir` (both absolute). */
function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Correct `unresolved` of definitions with keychain references by what the keychain holds (in place). */
async function applyStoredSecrets(ctx: DiscoveryContext, all: ServerDefinition[]): Promise<void> {
  if (!ctx.storedSecrets || !all.some(hasSecretRefs)) return;
  let stored: Set<string>;
  try {
    stored = new Set(await ctx.storedSecrets());
  } catch {
    return; // no keychain: keep the flags as read
  }
  all.forEach((def, i) => (all[i] = markStoredRefs(def, stored)));
}

/**
 * Discover every configured server for `ctx` (SPEC §2).
 *
 * - Providers run in `HOST_IDS` order (rank 1 first); `providers` defaults to the registry.
 * - A file (compared by realpath) is read by the first provider that claims it; later providers
 *   get it in `skip`, and it is listed once in `files`.
 * - `servers`: winners, deduped by `name` in priority order (a disabled definition still wins);
 *   `shadowed`: each loser with the provenance of the definition that hides it.
 * - `projectFiles`: existing project-scope files inside `ctx.projectDir`.
 * - With `ctx.storedSecrets`, `unresolved` says which keychain references have no stored value.
 * Resolves always; problems are `warnings` tied to file and line.
 */
export async function discoverServers(
  ctx: DiscoveryContext,
  providers: readonly ConfigProvider[] = CONFIG_PROVIDERS,
): Promise<DiscoveryResult> {
  const ordered = [...providers].sort((a, b) => hostRank(a.host) - hostRank(b.host));
  const claimed = new Set<string>();
  const listed = new Set<string>();
  const files: SourceFile[] = [];
  const warnings: ConfigWarning[] = [];
  const all: ServerDefinition[] = [];

  for (const provider of ordered) {
    const skip = new Set(claimed);
    let candidates: SourceFile[] = [];
    try {
      candidates = provider.candidateFiles(ctx);
      const out = await provider.load(ctx, skip);
      all.push(...out.servers);
      warnings.push(...out.warnings);
    } catch (err) {
      warnings.push({ file: candidates[0]?.path ?? provider.host, message: `Reading ${provider.host} config failed: ${(err as Error).message}` });
    }
    for (const file of candidates) {
      const key = await claimKey(file.path);
      if (file.exists && skip.has(key)) continue; // read by a higher provider: listed there
      if (file.exists) claimed.add(key);
      const id = `${file.host}\0${key}`;
      if (listed.has(id)) continue;
      listed.add(id);
      files.push(file);
    }
  }

  // Hosts without an enable flag: `disable` recorded in state.json applies here (SPEC §5).
  const offHere = new StateStore(ctx.dataDir).get<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY);
  if (Array.isArray(offHere) && offHere.length > 0) {
    all.forEach((def, i) => {
      if (!offHere.some((d) => d?.name === def.name && d?.file === def.source.file)) return;
      all[i] = { ...def, enabled: false };
      warnings.push({ file: def.source.file, server: def.name, message: `Server "${def.name}" is disabled in Switchboard only (${HOST_LABELS[def.source.host]} has no enable flag in its file)` });
    });
  }

  await applyStoredSecrets(ctx, all);
  // Issue 14 item 8: each placeholder left literal is a warning naming its field (after the keychain check).
  warnings.push(...placeholderWarnings(all, ctx.env));

  const winners = new Map<string, ServerDefinition>();
  const shadowed: ShadowedEntry[] = [];
  for (const def of all) {
    const winner = winners.get(def.name);
    if (winner) shadowed.push({ definition: def, shadowedBy: winner.source });
    else winners.set(def.name, def);
  }

  const projectFiles = [
    ...new Set(files.filter((f) => f.exists && f.scope === 'project' && isInside(ctx.projectDir, f.path)).map((f) => f.path)),
  ];
  return { servers: [...winners.values()], shadowed, warnings, files, projectFiles, definitions: all };
}
