/**
 * Cline (docs/host-formats.md "Cline"; docs/config-discovery.md rank 8): VS Code globalStorage
 * `saoudrizwan.claude-dev/settings/cline_mcp_settings.json`. Strict JSON, no interpolation,
 * `timeout` in seconds, `disabled`, a url-only entry is SSE, legacy `transportType`.
 */
import { HOST_RULES } from './host-rules.js';
import { extensionSettingsFile } from './host-paths.js';
import { candidate, mapProvider } from './provider-kit.js';

/** Provider for Cline's `cline_mcp_settings.json`. */
export const clineProvider = mapProvider({
  rules: HOST_RULES.cline,
  candidates: (ctx) => [candidate('cline', extensionSettingsFile(ctx, 'saoudrizwan.claude-dev', 'cline_mcp_settings.json'), 'user')],
});
