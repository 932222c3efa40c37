/**
 * Platform folders (docs/faces-and-ownership.md). Everything that depends on the OS layout takes a `PlatformContext`,
 * so tests inject a temp HOME and a fake platform instead of touching the real home.
 */
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

/** The facts about the machine that decide where files live. */
export interface PlatformContext {
  /** The user's home folder (`~`). */
  home: string;
  platform: NodeJS.Platform;
  /** Environment variables (XDG_CONFIG_HOME, APPDATA, SWITCHBOARD_HOME, …). */
  env: Record<string, string | undefined>;
}

/** The real machine's context. */
export function currentPlatform(): PlatformContext {
  return { home: homedir(), platform: process.platform, env: process.env };
}

/** `path.join` for the context's platform (so Windows paths are built right in Linux tests). */
export function joinFor(ctx: PlatformContext, ...parts: string[]): string {
  return ctx.platform === 'win32' ? win32.join(...parts) : ctx.platform === 'linux' || ctx.platform === 'darwin' ? posix.join(...parts) : join(...parts);
}

/** `%APPDATA%` on Windows (falls back to `~\AppData\Roaming`). */
export function appDataDir(ctx: PlatformContext): string {
  return ctx.env.APPDATA ?? joinFor(ctx, ctx.home, 'AppData', 'Roaming');
}

/** `%LOCALAPPDATA%` on Windows (falls back to `~\AppData\Local`). */
export function localAppDataDir(ctx: PlatformContext): string {
  return ctx.env.LOCALAPPDATA ?? joinFor(ctx, ctx.home, 'AppData', 'Local');
}

/** `$XDG_CONFIG_HOME` or `~/.config` (Linux and other Unixes). */
export function xdgConfigDir(ctx: PlatformContext): string {
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return xdg && xdg.trim() !== '' ? xdg : joinFor(ctx, ctx.home, '.config');
}

/**
 * Switchboard's data folder (docs/faces-and-ownership.md): `SWITCHBOARD_HOME` when set; else `~/.config/mcp-switchboard`
 * on Linux (honours `XDG_CONFIG_HOME`), `~/Library/Application Support/mcp-switchboard` on macOS,
 * `%APPDATA%\mcp-switchboard` on Windows. Electron is handed this with `app.setPath('userData')`.
 */
export function dataDir(ctx: PlatformContext = currentPlatform()): string {
  const override = ctx.env.SWITCHBOARD_HOME;
  if (override && override.trim() !== '') return override;
  if (ctx.platform === 'win32') return joinFor(ctx, appDataDir(ctx), 'mcp-switchboard');
  if (ctx.platform === 'darwin') return joinFor(ctx, ctx.home, 'Library', 'Application Support', 'mcp-switchboard');
  return joinFor(ctx, xdgConfigDir(ctx), 'mcp-switchboard');
}

/** Names of the files in the data folder (docs/faces-and-ownership.md). */
export const DATA_FILES = {
  servers: 'servers.json',
  trust: 'trust.json',
  state: 'state.json',
  credentials: 'credentials.json',
  secretBindings: 'secret-bindings.json',
  backups: 'backups',
  channels: 'channels.jsonl',
  triggers: 'triggers.json',
  triggerState: 'trigger-state.jsonl',
  lock: 'owner.lock',
  endpoint: 'endpoint.json',
  session: 'session.json',
} as const;
