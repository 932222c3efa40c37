/**
 * OpenAI Codex CLI (docs/host-formats.md "Codex"; docs/config-discovery.md rank 4): `[mcp_servers.<name>]` tables in
 * `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`) and a project's `.codex/config.toml`.
 * No interpolation: secrets come by env-var NAME (`bearer_token_env_var`, `env_http_headers`);
 * `startup_timeout_sec` in seconds; `enabled`; `enabled_tools` / `disabled_tools`.
 *
 * Codex itself reads the project file only when the user config marks the folder trusted
 * (`[projects."<dir>"] trust_level = "trusted"`); `codexTrustsProject` tells the per-host view.
 * Switchboard's own workspace trust still decides whether it runs.
 */
import { joinFor } from '../../data/paths.js';
import type { ConfigDocument } from '../../files/jsonc-document.js';
import { nodeAt } from '../../files/jsonc-document.js';
import type { DiscoveryContext, SourceFile } from '../types.js';
import { comparableDir } from './claude-code.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, mapProvider } from './provider-kit.js';
import { getNodeValue } from 'jsonc-parser';

/** `$CODEX_HOME` or `~/.codex`. */
export function codexHome(ctx: DiscoveryContext): string {
  const dir = ctx.env.CODEX_HOME;
  return dir && dir.trim() !== '' ? dir : joinFor(ctx, ctx.home, '.codex');
}

function candidates(ctx: DiscoveryContext): SourceFile[] {
  return [
    candidate('codex', joinFor(ctx, ctx.projectDir, '.codex', 'config.toml'), 'project'),
    candidate('codex', joinFor(ctx, codexHome(ctx), 'config.toml'), 'user'),
  ];
}

/** Whether a parsed user `config.toml` marks `projectDir` trusted (`trust_level = "trusted"`). */
export function codexTrustsProject(ctx: DiscoveryContext, userDoc: ConfigDocument): boolean {
  const projects = nodeAt(userDoc, ['projects']);
  if (!projects || projects.type !== 'object') return false;
  const want = comparableDir(ctx, ctx.projectDir);
  const value = getNodeValue(projects) as Record<string, { trust_level?: unknown }>;
  return Object.entries(value).some(([dir, v]) => comparableDir(ctx, dir) === want && v?.trust_level === 'trusted');
}

/** Provider for Codex's `config.toml`. */
export const codexProvider = mapProvider({
  rules: HOST_RULES.codex,
  format: 'toml',
  candidates,
  mapPath: () => ['mcp_servers'],
});
