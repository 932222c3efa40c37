/**
 * LM Studio (docs/host-formats.md "LM Studio"; docs/config-discovery.md rank 15): `~/.lmstudio/mcp.json`
 * (`%USERPROFILE%\.lmstudio\mcp.json`), Cursor's notation, no interpolation, no enable flag.
 */
import { joinFor } from '../../data/paths.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, mapProvider } from './provider-kit.js';

/** Provider for LM Studio's `mcp.json`. */
export const lmstudioProvider = mapProvider({
  rules: HOST_RULES.lmstudio,
  candidates: (ctx) => [candidate('lmstudio', joinFor(ctx, ctx.home, '.lmstudio', 'mcp.json'), 'user')],
});
