/**
 * Windsurf (docs/host-formats.md "Windsurf"; docs/config-discovery.md rank 7): `~/.codeium/windsurf/mcp_config.json`
 * (also the JetBrains plugin's `~/.codeium/mcp_config.json` and Windsurf Next's), and the
 * third-party-assumed project file `.windsurf/mcp_config.json`. `serverUrl` or `url`; `disabled`;
 * `${env:VAR}` expanded, `${file:/path}` stays literal and is flagged.
 */
import { joinFor } from '../../data/paths.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, mapProvider } from './provider-kit.js';

/** Provider for Windsurf's `mcp_config.json`. */
export const windsurfProvider = mapProvider({
  rules: HOST_RULES.windsurf,
  candidates: (ctx) => [
    candidate('windsurf', joinFor(ctx, ctx.projectDir, '.windsurf', 'mcp_config.json'), 'project'),
    candidate('windsurf', joinFor(ctx, ctx.home, '.codeium', 'windsurf', 'mcp_config.json'), 'user'),
    candidate('windsurf', joinFor(ctx, ctx.home, '.codeium', 'windsurf-next', 'mcp_config.json'), 'user'),
    candidate('windsurf', joinFor(ctx, ctx.home, '.codeium', 'mcp_config.json'), 'user'),
  ],
});
