/**
 * Discovery (docs/config-discovery.md): run every provider in priority order, read each physical file once (by the
 * highest provider that claims it), dedupe by name (first wins; losers are shadowed, not merged),
 * and collect every warning. Never throws for bad config: a provider that fails is a warning.
 */
import { relative, isAbsolute } from 'node:path';
import { HOST_LABELS, hostRank, type ConfigWarning, type ServerDefinition } from '../../../src-shared/config/server.js';
import { hasSecretRefs, markStoredRefs } from '../secrets/secret-refs.js';
import { StateStore } from '../data/state-store.js';
import { SWITCHBOARD_DISABLED_KEY, type SwitchboardDisabled } from './config-writer.js';
import { CONFIG_PROVIDERS } from './providers/index.js';
import { connectedView } from './connected-view.js';
import { gatewayEntryNote, isSwitchboardGatewayEntry } from './gateway-entry.js';
import { literalPlaceholderWarnings } from './literal-placeholders.js';
import { placeholderWarnings } from './placeholder-warnings.js';
import { claimKey, type SkipSet } from './providers/provider-kit.js';
import type { ConfigProvider, DiscoveryContext, DiscoveryResult, ShadowedEntry, SourceFile } from './types.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** Whether `file` lies inside `dir` (both absolute). */
function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * Realpaths of existing project-scope candidates that lie outside the project folder (symlinks out
 * of it), each with a warning naming the file. Only asked while the folder is untrusted.
 */
async function projectFilesOutside(ctx: DiscoveryContext, providers: readonly ConfigProvider[], warnings: ConfigWarning[]): Promise<Set<string>> {
  const out = new Set<string>();
  const project = await claimKey(ctx.projectDir);
  for (const provider of providers) {
    let candidates: SourceFile[];
    try {
      candidates = provider.candidateFiles(ctx);
    } catch {
      continue;
    }
    for (const file of candidates) {
      if (file.scope !== 'project' || !file.exists) continue;
      const key = await claimKey(file.path);
      if (isInside(project, key) || out.has(key)) continue;
      out.add(key);
      warnings.push({ file: file.path, ...warningCode('outside-project'), message: `${file.path} points outside the project folder (to ${key}); it is not read as a project file while the folder is not trusted` });
    }
  }
  return out;
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
 * Discover every configured server for `ctx` (docs/config-discovery.md).
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
  const warnings: ConfigWarning[] = [];
  // Issue 9 item 5: an untrusted project file that is really a file elsewhere (a symlink out of the
  // folder, e.g. to the user's own config) is not read as the project's: it would claim that file.
  const outside = ctx.projectTrusted ? new Set<string>() : await projectFilesOutside(ctx, ordered, warnings);
  const claimed = new Set<string>();
  const listed = new Set<string>();
  const files: SourceFile[] = [];
  const all: ServerDefinition[] = [];
  // Issue 31: hosts connected through the gateway are read as they were before (connected-view.ts).
  const connected = await connectedView(ctx.dataDir, ctx.secretValue);
  if (connected) warnings.push(...connected.notes);

  for (const provider of ordered) {
    const skip: SkipSet = Object.assign(new Set(claimed), { projectExcluded: outside, connected });
    let candidates: SourceFile[] = [];
    try {
      candidates = provider.candidateFiles(ctx);
      const out = await provider.load(ctx, skip);
      all.push(...out.servers);
      warnings.push(...out.warnings);
    } catch (err) {
      // Named by a file that exists (Gemini's first candidate is /etc/gemini-cli/settings.json, seldom there).
      const file = (candidates.find((c) => c.exists) ?? candidates[0])?.path ?? provider.host;
      warnings.push({ file, ...warningCode('provider-failed'), message: `Reading ${provider.host} config failed: ${(err as Error).message}` });
    }
    for (const file of candidates) {
      const key = await claimKey(file.path);
      if (file.exists && skip.has(key)) continue; // read by a higher provider: listed there
      if (file.exists && !(file.scope === 'project' && outside.has(key))) claimed.add(key);
      const id = `${file.host}\0${key}`;
      if (listed.has(id)) continue;
      listed.add(id);
      files.push(file);
    }
  }

  // Hosts without an enable flag: `disable` recorded in state.json applies here (docs/operator-verbs.md).
  const offHere = new StateStore(ctx.dataDir).get<SwitchboardDisabled[]>(SWITCHBOARD_DISABLED_KEY);
  if (Array.isArray(offHere) && offHere.length > 0) {
    all.forEach((def, i) => {
      if (!offHere.some((d) => d?.name === def.name && d?.file === def.source.file)) return;
      all[i] = { ...def, enabled: false };
      warnings.push({ file: def.source.file, server: def.name, ...warningCode('disabled-in-switchboard-only'), message: `Server "${def.name}" is disabled in Switchboard only (${HOST_LABELS[def.source.host]} has no enable flag in its file)` });
    });
  }

  // Issue 30: a host's entry for Switchboard's own gateway door is never run by Switchboard (it would run itself).
  all.forEach((def, i) => {
    if (!isSwitchboardGatewayEntry(def)) return;
    all[i] = { ...def, enabled: false };
    warnings.push({ file: def.source.file, server: def.name, ...warningCode('gateway-door'), message: gatewayEntryNote(def, HOST_LABELS[def.source.host]) });
  });

  await applyStoredSecrets(ctx, all);
  // Issue 14 item 8: each placeholder left literal is a warning naming its field (after the keychain check).
  warnings.push(...placeholderWarnings(all, ctx.env));
  // Issue 27 item 9: syntaxes the host does not expand and template placeholders nobody filled.
  warnings.push(...literalPlaceholderWarnings(all));

  const winners = new Map<string, ServerDefinition>();
  const shadowed: ShadowedEntry[] = [];
  // Issue 9 item 5: until trusted, a project definition never hides another one of the same name
  // (it comes after every other definition; stable otherwise, so docs/config-discovery.md's order holds when trusted).
  const trustRanked = ctx.projectTrusted ? all : [...all.filter((d) => d.source.scope !== 'project'), ...all.filter((d) => d.source.scope === 'project')];
  // A host's entry for the gateway door that bears the name of the server it serves (`switchboard
  // install --host`, issue 36) is not a rival definition: it never hides that server, and is not
  // listed as hidden by it (its note says what it is). Alone under its name it stays listed, as before.
  const door = (d: ServerDefinition): boolean => isSwitchboardGatewayEntry(d);
  const ranked = [...trustRanked.filter((d) => !door(d)), ...trustRanked.filter(door)];
  for (const def of ranked) {
    const winner = winners.get(def.name);
    if (winner && door(def)) continue;
    if (winner) shadowed.push({ definition: def, shadowedBy: winner.source });
    else winners.set(def.name, def);
  }

  const projectFiles = [
    ...new Set(files.filter((f) => f.exists && f.scope === 'project' && isInside(ctx.projectDir, f.path)).map((f) => f.path)),
  ];
  return { servers: [...winners.values()], shadowed, warnings, files, projectFiles, definitions: all };
}
