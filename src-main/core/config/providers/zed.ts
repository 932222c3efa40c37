/**
 * Zed (docs/host-formats.md "Zed"; docs/config-discovery.md rank 11): `context_servers` inside the JSONC settings file —
 * project `.zed/settings.json` (merged over the user file, so listed first) and user
 * `$XDG_CONFIG_HOME/zed/settings.json` (mac and Linux) or `%APPDATA%\Zed\settings.json`. Reads the
 * current untagged shapes, the `"source": "custom"` tag and `"command": {path, args, env}`;
 * extension-provided servers are noted, not launched. `timeout` in seconds; `enabled`.
 */
import { appDataDir, joinFor, xdgConfigDir } from '../../data/paths.js';
import type { DiscoveryContext, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, mapProvider } from './provider-kit.js';

function candidates(ctx: DiscoveryContext): SourceFile[] {
  const user = ctx.platform === 'win32'
    ? joinFor(ctx, appDataDir(ctx), 'Zed', 'settings.json')
    : ctx.platform === 'darwin'
      ? joinFor(ctx, ctx.home, '.config', 'zed', 'settings.json')
      : joinFor(ctx, xdgConfigDir(ctx), 'zed', 'settings.json');
  return [candidate('zed', joinFor(ctx, ctx.projectDir, '.zed', 'settings.json'), 'project'), candidate('zed', user, 'user')];
}

/** Provider for Zed's `settings.json` (`context_servers`). */
export const zedProvider = mapProvider({
  rules: HOST_RULES.zed,
  strictJson: false,
  candidates,
  mapPath: () => ['context_servers'],
});
