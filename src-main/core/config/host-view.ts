/**
 * The per-host view (SPEC §2): what each host itself would load by its own rules — its files in
 * its own precedence order (Claude Code local > project > user; Gemini's merged layers; Roo and
 * Zed project over user), the first definition of a name loaded and later ones overridden, and
 * Codex's trusted-project rule (a project `.codex/config.toml` counts only when the user config
 * trusts the folder). Pure apart from reading Codex's user config.
 */
import { readFileSync } from 'node:fs';
import { HOST_IDS, HOST_LABELS, type HostId, type Provenance, type ServerDefinition } from '../../../src-shared/config/server.js';
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
