/**
 * The per-host view (SPEC §2): what each host itself would load by its own rules — its files in
 * its own precedence order (Claude Code local > project > user; Gemini's merged layers; Roo and
 * Zed project over user), the first definition of a name loaded and later ones overridden, and
 * Codex's trusted-project rule (a project `.codex/config.toml` counts only when the user config
 * trusts the folder). Pure apart from reading Codex's user config.
 */
import { readFileSync } from 'node:fs';
import type { HostView as HostViewJson } from '../../../src-shared/api/config.js';
import { HOST_IDS, HOST_LABELS, type HostId, type Provenance, type ServerDefinition } from '../../../src-shared/config/server.js';
import { redactUrl } from '../../../src-shared/redact-url.js';
import { summarizeServer } from '../snapshot.js';
import { codexTrustsProject } from './providers/codex.js';
import { parseTomlText } from './structured-document.js';
import type { DiscoveryContext, DiscoveryResult, SourceFile } from './types.js';

/** One definition as its host sees it. */
export interface HostViewEntry {
  definition: ServerDefinition;
  /** Whether this host loads this definition. */
  loaded: boolean;
  /** The same name earlier in the host's own order. */
  overriddenBy?: Provenance;
  /** Why it is not loaded, or a host-specific remark. */
  note?: string;
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

/** The view of `host` from a discovery result (its `definitions` and `files`). */
export function hostView(result: DiscoveryResult, host: HostId, ctx: DiscoveryContext): HostView {
  const files = result.files.filter((f) => f.host === host);
  const defs = (result.definitions ?? [...result.servers, ...result.shadowed.map((s) => s.definition)]).filter((d) => d.source.host === host);
  const codexTrusted = host === 'codex' ? codexProjectTrusted(ctx, files) : true;
  const first = new Map<string, ServerDefinition>();
  const entries = defs.map((definition): HostViewEntry => {
    if (host === 'codex' && definition.source.scope === 'project' && !codexTrusted) {
      return { definition, loaded: false, note: 'Codex reads this project file only when ~/.codex/config.toml marks the folder trusted' };
    }
    const winner = first.get(definition.name);
    if (winner) return { definition, loaded: false, overriddenBy: winner.source, note: `overridden by ${winner.source.scope} ${winner.source.file}` };
    first.set(definition.name, definition);
    return { definition, loaded: true };
  });
  return { host, label: HOST_LABELS[host], files, entries };
}

/** Every host's view, in SPEC §2 priority order. */
export function allHostViews(result: DiscoveryResult, ctx: DiscoveryContext): HostView[] {
  return HOST_IDS.map((h) => hostView(result, h, ctx));
}

/** Where a definition is, for a person: `Cursor (user) /h/.cursor/mcp.json:3`. */
export function provenanceText(p: Provenance): string {
  return `${HOST_LABELS[p.host]} (${p.scope}) ${p.file}${p.line !== undefined ? `:${p.line}` : ''}`;
}

/** The launch line of a definition: `command args…` or `HTTP <url>` (URLs redacted, SPEC §3). */
export function launchLine(def: ServerDefinition): string {
  if (def.transport === 'stdio') return [def.command ?? '', ...(def.args ?? []).map((a) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(a) ? redactUrl(a) : a))].join(' ').trim();
  return `${def.transport.toUpperCase()} ${redactUrl(def.url ?? '')}`.trim();
}

/**
 * A row's state in Switchboard's connected set (SPEC §2): `disabled`, `shadowed` (by the winner
 * of the same name, named in `stateText`), `not-loaded` (the host itself skips it, with why), else
 * `active` (the definition Switchboard runs; an untrusted project's is not started).
 */
function rowState(entry: HostViewEntry, result: DiscoveryResult, ctx: DiscoveryContext): { state: 'active' | 'shadowed' | 'disabled' | 'not-loaded'; stateText: string } {
  const def = entry.definition;
  const by = result.shadowed.find((s) => s.definition === def)?.shadowedBy;
  if (def.enabled === false) return { state: 'disabled', stateText: by ? `disabled · shadowed by ${provenanceText(by)}` : 'disabled' };
  if (by) return { state: 'shadowed', stateText: `shadowed by ${provenanceText(by)}` };
  if (!entry.loaded) return { state: 'not-loaded', stateText: entry.note ?? 'not loaded by this host' };
  if (def.source.scope === 'project' && !ctx.projectTrusted) return { state: 'active', stateText: 'active · project folder not trusted: not started' };
  return { state: 'active', stateText: 'active' };
}

/** A host view as it crosses the wire (`config:hosts`, `servers --host --json`): each row with its state and launch line. */
export function hostViewJson(view: HostView, result: DiscoveryResult, ctx: DiscoveryContext): HostViewJson {
  return {
    host: view.host,
    label: view.label,
    files: view.files.map((f) => ({ path: f.path, scope: f.scope, exists: f.exists })),
    entries: view.entries.map((e) => ({
      server: summarizeServer(e.definition),
      loaded: e.loaded,
      ...(e.overriddenBy ? { overriddenBy: e.overriddenBy } : {}),
      ...(e.note ? { note: e.note } : {}),
      ...rowState(e, result, ctx),
      launch: launchLine(e.definition),
    })),
  };
}
