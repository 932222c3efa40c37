/**
 * Switchboard's own `servers.json` in the data folder (docs/faces-and-ownership.md, §2 rank 1): the common
 * `{"mcpServers": {name: {…canonical fields…}}}` shape, JSONC allowed, `${VAR}` /
 * `${VAR:-default}` expanded, scope `app`.
 */
import { DATA_FILES, joinFor } from '../../data/paths.js';
import { candidate, mapProvider } from './provider-kit.js';
import { HOST_RULES } from './host-rules.js';

/** Provider for `<dataDir>/servers.json`. */
export const switchboardProvider = mapProvider({
  rules: HOST_RULES.switchboard,
  strictJson: false,
  keepLastGood: true,
  candidates: (ctx) => [candidate('switchboard', joinFor(ctx, ctx.dataDir, DATA_FILES.servers), 'app')],
});
