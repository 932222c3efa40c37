/**
 * Cursor (docs/host-formats.md "Cursor"; docs/config-discovery.md rank 6): `<proj>/.cursor/mcp.json` (project, listed
 * first) and `~/.cursor/mcp.json` (user, `%USERPROFILE%\.cursor\mcp.json` on Windows). Placeholders
 * `${env:VAR}`, `${workspaceFolder}`, `${userHome}`; Cursor's `auth` (a static OAuth client) is kept
 * in `extensions`, not interpreted.
 */
import { joinFor } from '../../data/paths.js';
import { candidate, mapProvider } from './provider-kit.js';
import { HOST_RULES } from './host-rules.js';

/** Provider for Cursor's `mcp.json` files. */
export const cursorProvider = mapProvider({
  rules: HOST_RULES.cursor,
  candidates: (ctx) => [
    candidate('cursor', joinFor(ctx, ctx.projectDir, '.cursor', 'mcp.json'), 'project'),
    candidate('cursor', joinFor(ctx, ctx.home, '.cursor', 'mcp.json'), 'user'),
  ],
});
