/**
 * Building blocks shared by the providers: candidate files, the "read once" claim key, expansion
 * variables per context, trust-gated expansion, and a provider for the common
 * `{"mcpServers": {name: {…}}}` shape.
 */
import { statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { HOST_LABELS, type ConfigWarning, type HostId, type Scope, type ServerDefinition } from '../../../../src-shared/config/server.js';
import type { ExpansionVars } from '../env-expand.js';
import { nodeAt, type ConfigDocument } from '../../files/jsonc-document.js';
import type { ConfigFormat } from '../../files/structured-document.js';
import { readViewedDocument, type ConnectedView } from '../connected-view.js';
import type { EntrySource, HostRules } from '../normalize-entry.js';
import { readServerMap, type CollectionOutput } from '../server-collection.js';
import type { ConfigProvider, DiscoveryContext, ProviderOutput, SourceFile } from '../types.js';
import { misplacedServersWarning } from '../misplaced-servers.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';

/**
 * Whether something exists at `path` (following symlinks). A folder, a FIFO and a symlink loop
 * count: reading one then gives an "unreadable" warning with the file name instead of silence
 * (issue #3 bad input). Never throws.
 */
export function isFile(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (err) {
    // A symlink loop is there too: reading it then warns "symlink loop" with the file name.
    return (err as NodeJS.ErrnoException).code === 'ELOOP';
  }
}

/** A candidate `SourceFile` with `exists` filled in. */
export function candidate(host: HostId, path: string, scope: Scope): SourceFile {
  return { host, path, scope, exists: isFile(path) };
}

/**
 * A host's candidate list with every project-scope entry dropped whose path (resolved) is also one
 * of its user- or managed-level candidates: with `--project $HOME` (or run from `~`),
 * `~/.cursor/mcp.json` is the user's own file — user scope, trusted — not a project file (docs/config-discovery.md).
 */
export function userWins(files: SourceFile[]): SourceFile[] {
  const personal = new Set(files.filter((f) => f.scope !== 'project').map((f) => resolve(f.path)));
  return files.filter((f) => f.scope !== 'project' || !personal.has(resolve(f.path)));
}

/** `provider` whose `candidateFiles` apply `userWins` (the registry's providers are wrapped so). */
export function withUserWins(provider: ConfigProvider): ConfigProvider {
  return { ...provider, candidateFiles: (ctx) => userWins(provider.candidateFiles(ctx)) };
}

/**
 * The identity of a physical file for "one file is read once" (docs/config-discovery.md): its realpath, or the
 * resolved path when it does not exist. Never throws.
 */
export async function claimKey(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return resolve(path);
  }
}

/** Values placeholders resolve against in this context (docs/config-discovery.md). */
export function expansionVars(ctx: DiscoveryContext): ExpansionVars {
  return {
    env: ctx.env,
    caseInsensitiveEnv: ctx.platform === 'win32',
    home: ctx.home,
    workspaceFolder: ctx.projectDir,
    pathSeparator: ctx.platform === 'win32' ? '\\' : '/',
  };
}

/** The entry source for a file: project files of an untrusted folder are never expanded. */
export function entrySource(ctx: DiscoveryContext, doc: ConfigDocument, scope: Scope): EntrySource {
  return { doc, scope, expand: scope !== 'project' || ctx.projectTrusted, vars: expansionVars(ctx) };
}

/** The warning for a server list in an untrusted project file that would switch other definitions off. */
export function untrustedListIgnored(key: string): string {
  return `"${key}" in a project folder you have not trusted is ignored: until you trust the folder (switchboard trust), its files change nothing about other servers`;
}

/**
 * The files a provider must not read: claimed by a higher provider, plus (`projectExcluded`) the
 * realpaths that may not be read AS PROJECT FILES — symlinks out of an untrusted project folder
 * (issue 9 item 5). The same file is still read by its own user-level candidate.
 */
export type SkipSet = ReadonlySet<string> & { projectExcluded?: ReadonlySet<string>; connected?: ConnectedView };

/** One existing, unclaimed file parsed, ready for a provider to pick its collections from. */
export interface LoadedFile {
  file: SourceFile;
  doc: ConfigDocument;
}

/**
 * Parse each existing candidate not in `skip` and not already read by this provider (same
 * realpath), in order; a project candidate that is also a user one is read as user (`userWins`). Read problems and syntax errors go to `warnings`; never throws.
 */
export async function loadCandidates(
  files: SourceFile[],
  skip: ReadonlySet<string>,
  warnings: ConfigWarning[],
  strictHostLabel: string | undefined,
  format: ConfigFormat = 'json',
): Promise<LoadedFile[]> {
  const seen = new Set<string>();
  const loaded: LoadedFile[] = [];
  for (const file of userWins(files)) {
    if (!file.exists) continue;
    const key = await claimKey(file.path);
    if (skip.has(key) || seen.has(key)) continue;
    if (file.scope === 'project' && (skip as SkipSet).projectExcluded?.has(key)) continue;
    seen.add(key);
    let outcome: Awaited<ReturnType<typeof readViewedDocument>>;
    try {
      // Issue 31: a host connected through the gateway is read as it was before the connect (connected-view.ts).
      outcome = await readViewedDocument(file.path, format, { strictHostLabel }, (skip as SkipSet).connected);
    } catch (err) {
      // One bad file is a warning on that file; the host's other files still load (issue 9 item 6).
      warnings.push({ file: file.path, ...warningCode('file-unreadable'), message: `Cannot read config file: ${(err as Error).message}` });
      continue;
    }
    if (outcome.kind === 'unreadable') warnings.push(outcome.warning);
    if (outcome.kind !== 'parsed') continue;
    warnings.push(...outcome.doc.warnings);
    loaded.push({ file, doc: outcome.doc });
  }
  return loaded;
}

/** A root that is not an object is one warning; `undefined` root (empty file) is nothing. */
export function rootProblem(doc: ConfigDocument): ConfigWarning | undefined {
  if (!doc.root || doc.root.type === 'object') return undefined;
  return { file: doc.path, ...doc.lines.at(doc.root.offset), ...warningCode('root-not-object'), message: `Config file must contain a JSON object, got ${doc.root.type}` };
}

/** Options of `mapProvider`. */
export interface MapProviderOptions {
  rules: HostRules;
  /** Candidate files in the host's precedence order. */
  candidates(ctx: DiscoveryContext): SourceFile[];
  /** Whether the host parses its file as strict JSON (a comment then gets a note). Default true. */
  strictJson?: boolean;
  /** Post-process one file's servers (e.g. a disabled list); default none. */
  adjust?(loaded: LoadedFile, out: CollectionOutput, ctx: DiscoveryContext): void;
  /** Syntax of the files. Default `json`. */
  format?: ConfigFormat;
  /** Where the server map sits in a file (e.g. `['servers']`, `['mcp', 'servers']`). Default `['mcpServers']`. */
  mapPath?(file: SourceFile): string[];
  /**
   * Our own live-reloaded file (servers.json): once a file was read without a syntax error, a
   * later read that has one (a half-saved file) keeps the servers of that last good read and
   * warns, so a torn edit stops or changes nothing (trial 5 finding 2). Default false.
   */
  keepLastGood?: boolean;
}

/** The SourceFile's key path label for messages (`mcp.servers`). */
export const pathLabel = (path: string[]): string => path.join('.');

/** A provider for the common `{"mcpServers": {name: {…}}}` shape (docs/config-discovery.md). */
export function mapProvider(options: MapProviderOptions): ConfigProvider {
  const { rules } = options;
  // Per file path: the servers of its last read without a syntax error.
  const lastGood = options.keepLastGood ? new Map<string, ServerDefinition[]>() : undefined;
  return {
    host: rules.host,
    candidateFiles: options.candidates,
    async load(ctx: DiscoveryContext, skip: ReadonlySet<string>): Promise<ProviderOutput> {
      const files = options.candidates(ctx);
      const warnings: ConfigWarning[] = [];
      const servers: ServerDefinition[] = [];
      const strict = options.strictJson === false ? undefined : HOST_LABELS[rules.host];
      const format = options.format ?? 'json';
      for (const loaded of await loadCandidates(files, skip, warnings, format === 'json' ? strict : undefined, format)) {
        const problem = rootProblem(loaded.doc);
        if (problem) {
          warnings.push(problem);
          continue;
        }
        const kept = lastGood?.get(loaded.file.path);
        if (kept && loaded.doc.errorOffsets.length > 0) {
          servers.push(...kept);
          warnings.push({ file: loaded.file.path, ...warningCode('syntax-error-kept'), message: `nothing was read from this file: it has a JSON syntax error (fix it; until then the ${kept.length} server${kept.length === 1 ? '' : 's'} read before it broke stay as they were)` });
          continue;
        }
        const path = options.mapPath?.(loaded.file) ?? ['mcpServers'];
        const out = readServerMap(nodeAt(loaded.doc, path), pathLabel(path), rules, entrySource(ctx, loaded.doc, loaded.file.scope));
        out.warnings.push(...misplacedServersWarning(loaded.doc, path, HOST_LABELS[rules.host]));
        options.adjust?.(loaded, out, ctx);
        if (lastGood && loaded.doc.errorOffsets.length === 0) lastGood.set(loaded.file.path, out.servers);
        servers.push(...out.servers);
        warnings.push(...out.warnings);
      }
      for (const f of files) if (!f.exists) lastGood?.delete(f.path);
      return { host: rules.host, files, servers, warnings };
    },
  };
}
