/**
 * goose (docs/host-formats.md "goose"; docs/config-discovery.md rank 13): YAML `extensions` map in
 * `~/.config/goose/config.yaml` (mac/Linux; `$XDG_CONFIG_HOME` honoured on Linux) or
 * `%APPDATA%\Block\goose\config\config.yaml`. `cmd`/`args`/`envs` (stdio), `uri` (+`headers`) for
 * `sse`/`streamable_http`; `enabled`; `timeout` in seconds; builtin/platform extensions are not
 * MCP servers Switchboard runs and are left out.
 */
import { appDataDir, joinFor, xdgConfigDir } from '../../data/paths.js';
import type { DiscoveryContext, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { candidate, mapProvider } from './provider-kit.js';

function candidates(ctx: DiscoveryContext): SourceFile[] {
  const path = ctx.platform === 'win32'
    ? joinFor(ctx, appDataDir(ctx), 'Block', 'goose', 'config', 'config.yaml')
    : ctx.platform === 'darwin'
      ? joinFor(ctx, ctx.home, '.config', 'goose', 'config.yaml')
      : joinFor(ctx, xdgConfigDir(ctx), 'goose', 'config.yaml');
  return [candidate('goose', path, 'user')];
}

/** Provider for goose's `config.yaml`. */
export const gooseProvider = mapProvider({
  rules: HOST_RULES.goose,
  format: 'yaml',
  candidates,
  mapPath: () => ['extensions'],
});
