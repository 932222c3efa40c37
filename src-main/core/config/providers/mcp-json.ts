/**
 * The root `mcp.json` / `.mcp.json` fallback (docs/config-discovery.md rank 17; seed: xcsh's `mcp-json.ts`): read
 * only when no other provider claimed the file (discovery passes the claimed set as `skip`, so
 * `.mcp.json` normally belongs to Claude Code). Project scope; `${VAR}` / `${VAR:-default}`.
 */
import { joinFor } from '../../data/paths.js';
import { candidate, mapProvider } from './provider-kit.js';
import { HOST_RULES } from './host-rules.js';

/** Provider for the root `mcp.json` / `.mcp.json` fallback. */
export const mcpJsonProvider = mapProvider({
  rules: HOST_RULES['mcp-json'],
  strictJson: false,
  candidates: (ctx) => [
    candidate('mcp-json', joinFor(ctx, ctx.projectDir, 'mcp.json'), 'project'),
    candidate('mcp-json', joinFor(ctx, ctx.projectDir, '.mcp.json'), 'project'),
  ],
});
