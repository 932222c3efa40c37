/**
 * The owner's test fixtures (named so the dependency rules know them as test-only): a real owner of
 * a temp world, as `serve` starts one (mode web, API only, a real core and its 127.0.0.1 listener).
 */
import type { TempWorld } from '../core/composition/test-world.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import { startOwner, type RunningOwner } from './start-owner.js';

/**
 * Start an owner of `world`; `warn` gets its lines. `port` / `newToken` as `startOwner`'s; `staticDir`:
 * a folder the listener serves as its page (only a host serving a page starts the MCP Apps sandbox).
 * Not yet started: await `owner.started`.
 */
export function startTestOwner(world: TempWorld, warn: (text: string) => void, extra: { port?: number; newToken?: boolean; staticDir?: string } = {}): Promise<RunningOwner> {
  return startOwner({
    dataDir: world.dataDir,
    mode: 'web',
    projectDir: world.project,
    createCore: () =>
      createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '0.0.0-test', referenceServer: { command: process.execPath, args: [] } }),
    ...(extra.port !== undefined || extra.staticDir !== undefined ? { listen: { ...(extra.port !== undefined ? { port: extra.port } : {}), ...(extra.staticDir !== undefined ? { staticDir: extra.staticDir } : {}) } } : {}),
    ...(extra.newToken ? { newToken: true } : {}),
    warn,
  });
}
