/**
 * The owner's server processes on record (docs/connections-supervision.md: "quitting leaves no child process behind" —
 * even when the owner is killed with SIGKILL and cannot clean up). While it runs, the owner keeps
 * `owner-children.json` in the data folder: the pid and command line of every stdio server process
 * and its descendants. The next owner, right after taking the lock, kills every recorded process
 * that is still alive AND still has the same command line (a reused pid is left alone), then
 * starts its own. Linux reads command lines from /proc; elsewhere nothing is recorded.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readDataJson, writeDataFile } from '../core/composition/entry-kit.js';
import { launchIdOf, processesOfLaunches } from '../core/composition/entry-kit.js';
import { isAlive, killPids, listDescendantsOf } from '../core/composition/entry-kit.js';
import type { SwitchboardCore } from '../core/index.js';
import { processCommandLine } from './owner-takeover.js';

/** The file's name in the data folder. */
export const CHILDREN_FILE = 'owner-children.json';

const ChildrenFileSchema = z.object({
  ownerPid: z.number().int(),
  children: z.array(z.object({ pid: z.number().int().positive(), cmd: z.string().min(1) })),
  /** Launch ids of the stdio servers (launch-session.ts): their double-forked processes too. */
  launches: z.array(z.string().regex(/^[0-9a-f]{8,64}$/)).default([]),
});
type ChildrenFile = z.infer<typeof ChildrenFileSchema>;

/**
 * Record `pids` and their descendants (with command lines) as `ownerPid`'s children, atomically,
 * mode 600. Processes whose command line cannot be read are left out.
 */
export async function recordChildren(dataDir: string, pids: readonly number[], ownerPid = process.pid): Promise<void> {
  const all = new Set<number>([...pids, ...(await listDescendantsOf(pids))]);
  const children: ChildrenFile['children'] = [];
  const launches = new Set<string>();
  for (const pid of all) {
    const cmd = processCommandLine(pid);
    if (cmd) children.push({ pid, cmd });
    const launch = launchIdOf(pid);
    if (launch) launches.add(launch);
  }
  const file: ChildrenFile = { ownerPid, children, launches: [...launches] };
  await writeDataFile(join(dataDir, CHILDREN_FILE), `${JSON.stringify(file, null, 2)}\n`, { keepPrev: false });
}

/**
 * Kill the processes a previous owner left behind (call after taking the lock, before starting):
 * each recorded process still alive with the same command line gets SIGKILL. The record is then
 * removed. Resolves to the pids killed. Never rejects (an unreadable record kills nothing).
 */
export async function killLeftovers(dataDir: string, ownPid = process.pid): Promise<number[]> {
  const path = join(dataDir, CHILDREN_FILE);
  let record: ChildrenFile | undefined;
  try {
    const parsed = ChildrenFileSchema.safeParse(readDataJson(path));
    record = parsed.success ? parsed.data : undefined;
  } catch {
    record = undefined;
  }
  rmSync(path, { force: true });
  if (!record || record.ownerPid === ownPid || isAlive(record.ownerPid)) return [];
  const leftovers = [...new Set([...recordedAlive(record, ownPid), ...processesOfLaunches(record.launches)])].filter((pid) => pid !== ownPid);
  await killPids(leftovers);
  return leftovers;
}

/** Recorded processes still alive with the same command line (a reused pid is left alone). */
function recordedAlive(record: ChildrenFile, ownPid: number): number[] {
  return record.children.filter((c) => c.pid !== ownPid && isAlive(c.pid) && processCommandLine(c.pid) === c.cmd).map((c) => c.pid);
}

/** How often the record is rewritten at most while the server processes are the same ones (ms). */
export const SAME_CHILDREN_REFRESH_MS = 5_000;

/**
 * Keep `owner-children.json` current while `core` runs: rewritten (coalesced, `delayMs`, default
 * 300) after every `servers:changed` that comes with another set of server processes
 * (`core.childPids()`); while the set is the same — the owner says `servers:changed` after every
 * tool call — at most once every `refreshMs` (default `SAME_CHILDREN_REFRESH_MS`), still after each
 * such event, so descendants a server starts later are recorded within that time. Each rewrite reads
 * the whole process table (every `/proc/<pid>/stat`): done every 300 ms while calls flow, about
 * 8% of a busy owner's CPU in the gateway bench (docs/gateway.md § Speed). `close()` stops it and removes the file (a clean quit leaves nothing to
 * clean). Only where the core reports its child pids.
 */
export function startChildRecorder(dataDir: string, core: SwitchboardCore, delayMs = 300, refreshMs = SAME_CHILDREN_REFRESH_MS): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let writing: Promise<void> = Promise.resolve();
  /** The pids of the last rewrite and when it was (ms since the epoch). */
  let last: { pids: string; at: number } | undefined;
  /** Whether the pending rewrite is one for the same processes (it may wait up to `refreshMs`). */
  let waitingLong = false;
  const pidsKey = (pids: readonly number[]): string => [...pids].sort((a, b) => a - b).join(',');
  const write = (): void => {
    timer = undefined;
    if (closed || !core.childPids) return;
    const pids = core.childPids();
    last = { pids: pidsKey(pids), at: Date.now() };
    writing = writing.then(() => (closed ? undefined : recordChildren(dataDir, pids))).catch(() => undefined);
  };
  // Only servers:changed: a subscriber that takes every event makes the core redact each event for
  // it, a trace:appended batch of every notification of a burst included (issue 27 item 7).
  const unsubscribe = core.subscribe(
    () => {
      if (closed || (timer && !waitingLong)) return;
      const same = last !== undefined && core.childPids !== undefined && pidsKey(core.childPids()) === last.pids;
      if (timer && same) return;
      // Another set of processes than the last record: soon, even when a later rewrite was waiting.
      clearTimeout(timer);
      waitingLong = same;
      timer = setTimeout(write, same && last ? Math.max(delayMs, last.at + refreshMs - Date.now()) : delayMs);
    },
    (event) => event === 'servers:changed',
    // Bookkeeping, not a person: never makes a server's request wait (a headless owner has no window).
    { face: false },
  );
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      unsubscribe();
      void writing.finally(() => rmSync(join(dataDir, CHILDREN_FILE), { force: true }));
    },
  };
}
