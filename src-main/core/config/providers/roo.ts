/**
 * Roo Code (docs/host-formats.md "Roo Code"; docs/config-discovery.md rank 9): project `.roo/mcp.json` (overrides the
 * global file for the same name, so listed first) and globalStorage
 * `rooveterinaryinc.roo-cline/settings/mcp_settings.json`. `timeout` in seconds, `disabled`,
 * `alwaysAllow`, `${env:VAR}` / `${workspaceFolder}`; a `url` without `type` is rejected.
 */
import { joinFor } from '../../data/paths.js';
import { HOST_RULES } from './host-rules.js';
import { extensionSettingsFile } from './host-paths.js';
import { candidate, mapProvider } from './provider-kit.js';

/** Provider for Roo Code's `mcp.json` / `mcp_settings.json`. */
export const rooProvider = mapProvider({
  rules: HOST_RULES.roo,
  candidates: (ctx) => [
    candidate('roo', joinFor(ctx, ctx.projectDir, '.roo', 'mcp.json'), 'project'),
    candidate('roo', extensionSettingsFile(ctx, 'rooveterinaryinc.roo-cline', 'mcp_settings.json'), 'user'),
  ],
});
