/**
 * Claude Desktop (docs/host-formats.md "Claude Desktop"; docs/config-discovery.md rank 10): one user file, no
 * interpolation. macOS `~/Library/Application Support/Claude/claude_desktop_config.json`; Windows
 * both the MSIX package-local file (default install since Feb 2026; listed first) and
 * `%APPDATA%\Claude\claude_desktop_config.json`; Linux `$XDG_CONFIG_HOME/Claude/…` (community
 * builds; default `~/.config`).
 */
import { appDataDir, joinFor, localAppDataDir, xdgConfigDir } from '../../data/paths.js';
import type { DiscoveryContext, SourceFile } from '../types.js';
import { candidate, mapProvider } from './provider-kit.js';
import { HOST_RULES } from './host-rules.js';

const FILE = 'claude_desktop_config.json';
/** The MSIX package family of Claude Desktop on Windows. */
const MSIX_FAMILY = 'Claude_pzs8sxrjxfjjc';

function candidates(ctx: DiscoveryContext): SourceFile[] {
  if (ctx.platform === 'win32') {
    return [
      candidate('claude-desktop', joinFor(ctx, localAppDataDir(ctx), 'Packages', MSIX_FAMILY, 'LocalCache', 'Roaming', 'Claude', FILE), 'user'),
      candidate('claude-desktop', joinFor(ctx, appDataDir(ctx), 'Claude', FILE), 'user'),
    ];
  }
  if (ctx.platform === 'darwin') {
    return [candidate('claude-desktop', joinFor(ctx, ctx.home, 'Library', 'Application Support', 'Claude', FILE), 'user')];
  }
  return [candidate('claude-desktop', joinFor(ctx, xdgConfigDir(ctx), 'Claude', FILE), 'user')];
}

/** Provider for `claude_desktop_config.json`. */
export const claudeDesktopProvider = mapProvider({
  rules: HOST_RULES['claude-desktop'],
  candidates,
});
