/**
 * OS-specific folders several hosts share (docs/host-formats.md §1): VS Code's user folder (which also
 * holds Cline's and Roo's globalStorage), and the per-OS config folder of Zed and goose.
 */
import { appDataDir, joinFor, xdgConfigDir, type PlatformContext } from '../../data/paths.js';

/** VS Code's `User` folder: mac `~/Library/Application Support/<product>/User`, Linux `$XDG_CONFIG_HOME/<product>/User`, Windows `%APPDATA%\<product>\User`. */
export function codeUserDir(ctx: PlatformContext, product = 'Code'): string {
  if (ctx.platform === 'win32') return joinFor(ctx, appDataDir(ctx), product, 'User');
  if (ctx.platform === 'darwin') return joinFor(ctx, ctx.home, 'Library', 'Application Support', product, 'User');
  return joinFor(ctx, xdgConfigDir(ctx), product, 'User');
}

/** A VS Code extension's `globalStorage/<extension>/settings/<file>` (Cline, Roo Code). */
export function extensionSettingsFile(ctx: PlatformContext, extension: string, file: string): string {
  return joinFor(ctx, codeUserDir(ctx), 'globalStorage', extension, 'settings', file);
}
