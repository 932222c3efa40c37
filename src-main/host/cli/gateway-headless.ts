/**
 * The headless owner a gateway door starts when no Switchboard runs (issue 30 item 5,
 * docs/gateway.md § The owner's lifetime): `switchboard gateway --headless-owner [--project dir]`,
 * spawned detached by gateway-owner.ts in its own process, so it outlives the door that started it
 * and serves every door and CLI verb of the data folder. It owns the folder through the one
 * start-owner sequence (the lock decides: never two owners), API only (no UI is served), tells its
 * starter it is ready on file descriptor 3 (`ready\n`, once its servers have settled or after
 * `SETTLE_WAIT_MS`, so one that hangs never blocks the others), and exits
 * `gatewayLingerMs()` after its last gateway client leaves unless a page is attached
 * (owner/owner-linger.ts); SIGINT/SIGTERM stop it at once (SIGTERM is also how `serve` or the
 * desktop app takes the folder over from it: owner/owner-handover.ts; it publishes `headless: true`). Exit 0 after a clean stop; 2 when the
 * folder is owned elsewhere or the owner cannot start.
 */
import { closeSync, writeSync } from 'node:fs';
import { startLinger, gatewayLingerMs, type Linger } from '../../owner/owner-linger.js';
import { startOwner, type RunningOwner } from '../../owner/start-owner.js';
import type { ClientCounts } from '../../wires/web-host.js';
import { settledOrAfter } from '../../../src-shared/settled-or-after.js';
import { EXIT } from './args.js';
import { spawningCoreOptions, type CliContext } from './context.js';
import { READY_FD } from './gateway-owner.js';

/**
 * Longest the headless owner waits for its servers to settle before it says `ready`, counted from
 * its own process start (ms: its start-up counts too). The door
 * answers `initialize` only after `ready` (it reads the lists it advertises first), and the issue
 * gives it 5 s from spawn; a server still connecting then is listed `not-ready` and its tools
 * follow with `notifications/tools/list_changed` when it connects.
 */
export const SETTLE_WAIT_MS = 1_500;

/** Say `ready` on `READY_FD` and close it; nothing happens when it is not open (started by hand). */
function sayReady(): void {
  try {
    writeSync(READY_FD, 'ready\n');
    closeSync(READY_FD);
  } catch {
    // no starter listening
  }
}

/** Run the headless owner until it lingers out or is told to stop. */
export async function runHeadlessOwner(ctx: CliContext): Promise<number> {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  let counts: ClientCounts = { gateway: 0, page: 0, cli: 0 };
  let linger: Linger | undefined;
  let owner: RunningOwner;
  try {
    const { createSwitchboardCore } = await import('../../core/index.js');
    owner = await startOwner({
      dataDir: ctx.dataDir,
      mode: 'web',
      projectDir: ctx.projectDir,
      headless: true,
      createCore: async () => createSwitchboardCore(await spawningCoreOptions(ctx, 'web')),
      listen: {
        onClients: (now) => {
          counts = now;
          linger?.update(now);
        },
      },
      warn: (text) => ctx.io.err(text),
    });
  } catch (err) {
    ctx.io.err(`switchboard gateway --headless-owner: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.FAILURE;
  }
  try {
    await owner.started.catch(() => undefined);
    // Ready once the servers have settled or SETTLE_WAIT_MS passed (issue 30 item 5): one backend
    // that hangs on `initialize` never holds the door's own `initialize` back; it joins later.
    await settledOrAfter(owner.core.settled(), SETTLE_WAIT_MS - process.uptime() * 1000);
    sayReady();
    linger = startLinger(gatewayLingerMs(ctx.platform.env), stop);
    linger.update(counts);
    await stopped;
    return EXIT.OK;
  } finally {
    linger?.stop();
    await owner.close();
  }
}
