/**
 * The owner the browser rows of the bench talk to (bench/channels-window.ts, bench/renderer-bench.ts):
 * a core in web mode over a temp home, as `switchboard serve` starts it (owner/start-owner.ts),
 * serving the built UI (`out/renderer`) on a free port of 127.0.0.1. Resolves once started and
 * every server settled; `owner.host.url` carries the session token. The caller closes it.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSwitchboardCore } from '../src-main/core/index.js';
import { everythingScript } from '../src-main/core/composition/test-world.js';
import { startOwner, type RunningOwner } from '../src-main/owner/start-owner.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Start the owner over `root` (its HOME and project) and `dataDir` (holding servers.json), with `env`. */
export async function startWebOwner(root: string, dataDir: string, env: NodeJS.ProcessEnv): Promise<RunningOwner> {
  const owner = await startOwner({
    dataDir,
    mode: 'web',
    projectDir: root,
    createCore: () =>
      createSwitchboardCore({
        platform: { home: root, platform: process.platform, env: env as Record<string, string> },
        projectDir: root,
        dataDir,
        mode: 'web',
        version: 'bench',
        referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
      }),
    listen: { port: 0, staticDir: join(REPO, 'out', 'renderer') },
    warn: () => undefined,
  });
  try {
    await owner.started;
    await owner.core.settled();
  } catch (err) {
    await owner.close();
    throw err;
  }
  return owner;
}
