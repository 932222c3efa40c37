/**
 * A real owner taking a data folder over from a headless one (docs/faces-and-ownership.md "Taking
 * over from a headless owner"; docs/gateway.md § The owner's lifetime). A gateway door starts a
 * headless owner (API only, no window) when none runs; `switchboard serve` and the desktop app
 * (`npm start`) must not be refused by it. Before taking the lock they look at the endpoint: when
 * its owner is a headless one (`endpoint.json` says `headless: true` AND its command line carries
 * `--headless-owner`, so a reused pid or a real owner is never signalled), they write the marker
 * `handing-over.json` (their pid, the headless pid, the time) and send the headless owner SIGTERM;
 * it stops accepting, closes its servers, releases the lock and exits (gateway-headless.ts). The
 * doors attached to it reconnect: while the marker is fresh (`HANDOVER_MARKER_MS`) and its writer
 * lives, a door waits for the new owner instead of starting another headless one
 * (host/cli/gateway-owner.ts). The new owner removes the marker once its endpoint is published, or
 * when its start fails. A real owner (desktop app, `serve`) is never taken over: the lock refuses as before.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isAlive, readDataJson, writeDataFile } from '../core/composition/entry-kit.js';
import { processCommandLine } from './owner-takeover.js';
import { readLiveEndpoint, type Endpoint } from './ownership.js';

/** The marker's file name in the data folder. */
export const HANDOVER_FILE = 'handing-over.json';
/** How long a marker is honoured after it was written (ms): a taking-over owner that hangs never blocks the doors for longer. */
export const HANDOVER_MARKER_MS = 30_000;
/** How long the taking-over owner waits for the headless one to exit (ms; it closes its servers first). */
export const HANDOVER_EXIT_WAIT_MS = 20_000;

const MarkerSchema = z.object({ pid: z.number().int().positive(), from: z.number().int().positive(), at: z.number() });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `endpoint` names a headless owner started for gateway doors (its flag and its command line agree). */
export function isHeadlessOwner(endpoint: Endpoint): boolean {
  return endpoint.headless === true && (processCommandLine(endpoint.pid)?.includes('--headless-owner') ?? false);
}

/** Whether a take-over is under way in `dataDir`: a marker younger than `HANDOVER_MARKER_MS` whose writer lives. */
export function handoverPending(dataDir: string, now = Date.now()): boolean {
  const file = join(dataDir, HANDOVER_FILE);
  if (!existsSync(file)) return false;
  try {
    const parsed = MarkerSchema.safeParse(readDataJson(file));
    return parsed.success && now - parsed.data.at < HANDOVER_MARKER_MS && isAlive(parsed.data.pid);
  } catch {
    return false;
  }
}

/** A take-over in progress: `done()` removes the marker (idempotent, never throws). */
export interface Handover {
  /** The pid of the headless owner that was asked to go. */
  from: number;
  done(): void;
}

/**
 * Ask the headless owner of `dataDir` to go (see the file comment) and wait up to
 * `HANDOVER_EXIT_WAIT_MS` for it to exit. Undefined when the folder has no headless owner (no owner,
 * or a real one: the lock then decides as before). When it does not exit in time, the lock refuses
 * with the usual `OwnedElsewhereError`.
 */
export async function takeOverHeadless(dataDir: string, pid: number = process.pid): Promise<Handover | undefined> {
  const endpoint = readLiveEndpoint(dataDir);
  if (!endpoint || !isHeadlessOwner(endpoint)) return undefined;
  const file = join(dataDir, HANDOVER_FILE);
  await writeDataFile(file, `${JSON.stringify({ pid, from: endpoint.pid, at: Date.now() })}\n`, { keepPrev: false });
  let removed = false;
  const handover: Handover = {
    from: endpoint.pid,
    done() {
      if (removed) return;
      removed = true;
      rmSync(file, { force: true });
    },
  };
  try {
    process.kill(endpoint.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + HANDOVER_EXIT_WAIT_MS;
  while (isAlive(endpoint.pid) && Date.now() < deadline) await sleep(100);
  return handover;
}
