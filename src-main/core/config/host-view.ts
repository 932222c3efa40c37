/**
 * The per-host view (docs/config-discovery.md, issue 14 item 4): what each host itself would load by its own rules —
 * only its own files (a file a higher provider claimed, e.g. through a symlink, is read again under
 * this host's rules), in its own precedence order (Claude Code local > project > user; Gemini's
 * merged layers; Roo and Zed project over user), the first definition of a name loaded and later
 * ones overridden, and Codex's trusted-project rule (a project `.codex/config.toml` counts only
 * when the user config trusts the folder). A definition of the same name in *another* host's file
 * never shadows in this view — that host is not read by this one — it is "also defined in …".
 */
import { readFileSync } from 'node:fs';
import type { HostView as HostViewJson } from '../../../src-shared/api/config.js';
import { HOST_IDS, HOST_LABELS, type HostId, type Provenance, type ServerDefinition } from '../../../src-shared/config/server.js';
import { redactUrl } from '../../../src-shared/redact-url.js';
import { summarizeServer } from '../snapshot.js';
import { codexTrustsProject } from './providers/codex.js';
import { CONFIG_PROVIDERS } from './providers/index.js';
import { parseTomlText } from './structured-document.js';
import type { ConfigProvider, DiscoveryContext, DiscoveryResult, SourceFile } from './types.js';

/** One definition as its host sees it. */
export interface HostViewEntry {
  definition: ServerDefinition;
  /** Whether this host loads this definition. */
  loaded: boolean;
  /** The same name earlier in the host's own order. */
  overriddenBy?: Provenance;
  /** Why it is not loaded, or a host-specific remark. */
  note?: string;
  /** Definitions of the same name in other hosts' files (this host does not read them). */
  alsoDefinedIn?: Provenance[];
}

/** What one host sees. */
export interface HostView {
  host: HostId;
  label: string;
  files: SourceFile[];
  entries: HostViewEntry[];
}

function codexProjectTrusted(ctx: DiscoveryContext, files: SourceFile[]): boolean {
  const user = files.find((f) => f.scope === 'user' && f.exists);
  if (!user) return false;
  try {
    return codexTrustsProject(ctx, parseTomlText(user.path, readFileSync(user.path, 'utf8')));
  } catch {
    return false;
  }
}

const everyDefinition = (result: DiscoveryResult): ServerDefinition[] => result.definitions ?? [...result.servers, ...result.shadowed.map((s) => s.definition)];

/**
 * The view of `host` from a discovery result (its `definitions` and `files`). `own` (from
 * `loadHostDefinitions`) replaces the host's definitions and files when some of its files were
 * claimed by a higher provider; default: what discovery attributed to the host.
 */
export function hostView(result: DiscoveryResult, host: HostId, ctx: DiscoveryContext, own?: HostDefinitions): HostView {
  const files = own?.files ?? result.files.filter((f) => f.host === host);
  const defs = own?.definitions ?? everyDefinition(result).filter((d) => d.source.host === host);
  const elsewhere = (name: string): Provenance[] =>
    everyDefinition(result).filter((d) => d.name === name && d.source.host !== host).map((d) => d.source);
  const codexTrusted = host === 'codex' ? codexProjectTrusted(ctx, files) : true;
  const first = new Map<string, ServerDefinition>();
  const entries = defs.map((definition): HostViewEntry => {
    const others = elsewhere(definition.name);
    const also = others.length > 0 ? { alsoDefinedIn: others } : {};
    if (host === 'codex' && definition.source.scope === 'project' && !codexTrusted) {
      return { definition, loaded: false, note: 'Codex reads this project file only when ~/.codex/config.toml marks the folder trusted', ...also };
    }
    const winner = first.get(definition.name);
    if (winner) return { definition, loaded: false, overriddenBy: winner.source, note: `overridden by ${winner.source.scope} ${winner.source.file}`, ...also };
    first.set(definition.name, definition);
    return { definition, loaded: true, ...also };
  });
  return { host, label: HOST_LABELS[host], files, entries };
}

/** The fallback "host" that reads only files no other provider claims. */
const FALLBACK_HOST: HostId = 'mcp-json';

/** A host's own definitions and files, read under its own rules. */
export interface HostDefinitions {
  definitions: ServerDefinition[];
  files: SourceFile[];
}

/**
 * `host`'s own definitions when one of its files was claimed by a higher provider (docs/config-discovery.md: one
 * physical file is read once for the connected set — a `~/.cursor/mcp.json` symlinked to Claude
 * Desktop's file counts as Cursor's there), else `undefined` (discovery's attribution is already
 * the host's own). The host's provider then reads every file of its own again, in its own order;
 * a definition discovery already read is taken from `result` (it carries the Switchboard-only
 * disable and the keychain check). Never throws: a failing re-read keeps discovery's attribution.
 */
export async function loadHostDefinitions(
  result: DiscoveryResult,
  host: HostId,
  ctx: DiscoveryContext,
  providers: readonly ConfigProvider[] = CONFIG_PROVIDERS,
): Promise<HostDefinitions | undefined> {
  const provider = providers.find((p) => p.host === host);
  // The root mcp.json fallback is no host: its files are only those no host claims (docs/config-discovery.md
  // rank 17), which is discovery's attribution already — a project's .mcp.json is Claude Code's.
  if (!provider || host === FALLBACK_HOST) return undefined;
  const listed = new Set(result.files.filter((f) => f.host === host).map((f) => f.path));
  let candidates: SourceFile[];
  try {
    candidates = provider.candidateFiles(ctx);
  } catch {
    return undefined;
  }
  const claimedElsewhere = candidates.filter((f) => f.exists && !listed.has(f.path));
  if (claimedElsewhere.length === 0) return undefined;
  try {
    const out = await provider.load(ctx, new Set());
    const known = everyDefinition(result).filter((d) => d.source.host === host);
    const same = (a: ServerDefinition, b: ServerDefinition): boolean => a.name === b.name && a.source.file === b.source.file && a.source.line === b.source.line;
    return {
      definitions: out.servers.map((d) => known.find((k) => same(k, d)) ?? d),
      files: candidates.filter((f) => listed.has(f.path) || f.exists),
    };
  } catch {
    return undefined;
  }
}

/** Every host's view, in docs/config-discovery.md priority order, each from its own files (`loadHostDefinitions`). */
export async function allHostViews(result: DiscoveryResult, ctx: DiscoveryContext): Promise<HostView[]> {
  return Promise.all(HOST_IDS.map(async (h) => hostView(result, h, ctx, await loadHostDefinitions(result, h, ctx))));
}

/** One host's view from its own files (`loadHostDefinitions`). */
export async function loadHostView(result: DiscoveryResult, host: HostId, ctx: DiscoveryContext): Promise<HostView> {
  return hostView(result, host, ctx, await loadHostDefinitions(result, host, ctx));
}

/** Where a definition is, for a person: `Cursor (user) /h/.cursor/mcp.json:3`. */
export function provenanceText(p: Provenance): string {
  return `${HOST_LABELS[p.host]} (${p.scope}) ${p.file}${p.line !== undefined ? `:${p.line}` : ''}`;
}

/** The launch line of a definition: `command args…` or `HTTP <url>` (URLs redacted, docs/auth.md). */
export function launchLine(def: ServerDefinition): string {
  if (def.transport === 'stdio') return [def.command ?? '', ...(def.args ?? []).map((a) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(a) ? redactUrl(a) : a))].join(' ').trim();
  return `${def.transport.toUpperCase()} ${redactUrl(def.url ?? '')}`.trim();
}

/**
 * A row's state as its host sees it (docs/config-discovery.md, issue 14 item 4): `disabled`, `shadowed` (by an
 * earlier definition of the name in this host's own order, named in `stateText`), `not-loaded`
 * (the host itself skips it, with why), else `active`. Another host's definition of the name is
 * "also defined in …" (with which one Switchboard runs when that is not this one), never
 * "shadowed": this host does not read that file.
 */
function rowState(entry: HostViewEntry, result: DiscoveryResult, ctx: DiscoveryContext): { state: 'active' | 'shadowed' | 'disabled' | 'not-loaded'; stateText: string } {
  const def = entry.definition;
  const runs = result.servers.find((s) => s.name === def.name)?.source;
  const isRun = (p: Provenance): boolean => !!runs && p.host === runs.host && p.file === runs.file && p.line === runs.line;
  const others = (entry.alsoDefinedIn ?? []).map((p) => `${provenanceText(p)}${isRun(p) ? ' (Switchboard runs that one)' : ''}`);
  const also = others.length > 0 ? ` · also defined in ${others.join(', ')}` : '';
  if (def.enabled === false) return { state: 'disabled', stateText: `disabled${also}` };
  if (entry.overriddenBy) return { state: 'shadowed', stateText: `shadowed by ${provenanceText(entry.overriddenBy)}${also}` };
  if (!entry.loaded) return { state: 'not-loaded', stateText: `${entry.note ?? 'not loaded by this host'}${also}` };
  if (def.source.scope === 'project' && !ctx.projectTrusted) return { state: 'active', stateText: `active · project folder not trusted: not started${also}` };
  return { state: 'active', stateText: `active${also}` };
}

/**
 * What keeps a whole file from being read: a syntax error, an unreadable file, a root that is not an
 * object, servers under a key the host does not read (misplaced-servers.ts).
 */
const FILE_ERROR = /^(Malformed (JSON|TOML|YAML):|Cannot read config file|Config file must contain|Config file nests deeper|nothing was read from this file|No servers read from this file)/;

/** The first discovery warning about `path` that means nothing could be read from it, with its position. */
function fileError(result: DiscoveryResult, path: string): { message: string; line?: number; column?: number } | undefined {
  const w = result.warnings.find((x) => x.file === path && x.server === undefined && FILE_ERROR.test(x.message));
  if (!w) return undefined;
  return { message: w.message, ...(w.line !== undefined ? { line: w.line } : {}), ...(w.column !== undefined ? { column: w.column } : {}) };
}

/** A host view as it crosses the wire (`config:hosts`, `servers --host --json`): each row with its state and launch line. */
export function hostViewJson(view: HostView, result: DiscoveryResult, ctx: DiscoveryContext): HostViewJson {
  return {
    host: view.host,
    label: view.label,
    files: view.files.map((f) => {
      const error = f.exists ? fileError(result, f.path) : undefined;
      return { path: f.path, scope: f.scope, exists: f.exists, ...(error ? { error } : {}) };
    }),
    entries: view.entries.map((e) => ({
      server: summarizeServer(e.definition),
      loaded: e.loaded,
      ...(e.overriddenBy ? { overriddenBy: e.overriddenBy } : {}),
      ...(e.note ? { note: e.note } : {}),
      ...(e.alsoDefinedIn ? { alsoDefinedIn: e.alsoDefinedIn } : {}),
      ...rowState(e, result, ctx),
      launch: launchLine(e.definition),
    })),
  };
}
