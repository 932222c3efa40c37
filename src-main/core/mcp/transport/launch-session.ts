/**
 * Every process a stdio server starts, wherever it went (issue 9 item 6; docs/connections-supervision.md "quitting leaves
 * no child process behind"). A server that double-forks a background process (fork, the middle
 * process exits, the grandchild is adopted by init — or calls setsid to leave our process group and
 * session) is no longer among our descendants when we stop it. So each launch gets an id in the
 * environment (`SWITCHBOARD_LAUNCH_ID`), which every process it starts inherits; stopping the
 * server — and the owner's reaper after a `kill -9` — ends every live process carrying it. Linux
 * reads environments from /proc; elsewhere only the process tree is ended (stdio-transport.ts).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isAlive } from './process-tree.js';

/** The environment variable carrying a launch's id. */
export const LAUNCH_ID_ENV = 'SWITCHBOARD_LAUNCH_ID';

/** A new launch id (random, 24 hex characters). */
export function newLaunchId(): string {
  return randomBytes(12).toString('hex');
}

/** The launch id in a process's environment (Linux /proc), or undefined. */
export function launchIdOf(pid: number): string | undefined {
  try {
    const entry = readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .find((e) => e.startsWith(`${LAUNCH_ID_ENV}=`));
    return entry?.slice(LAUNCH_ID_ENV.length + 1) || undefined;
  } catch {
    return undefined;
  }
}

/** Live (not zombie) pids whose environment carries one of `ids` (Linux; [] elsewhere), never `process.pid`. */
export function processesOfLaunches(ids: readonly string[]): number[] {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map((id) => `${LAUNCH_ID_ENV}=${id}`));
  return processesWithEnv((env) => env.some((e) => wanted.has(e)));
}

/** Live (not zombie) pids, other than this process, whose environment entries (`K=V`) satisfy `match` (Linux /proc; [] elsewhere). */
export function processesWithEnv(match: (entries: string[]) => boolean): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!match(readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0'))) continue;
      if (/\) Z /.test(readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue; // dead, not yet reaped
      found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/**
 * End every process of launch `id`: SIGTERM, then SIGKILL what is still alive after `graceMs`
 * (default 1000). Resolves to the pids it signalled. Never rejects.
 */
export async function endLaunch(id: string, graceMs = 1_000): Promise<number[]> {
  const pids = processesOfLaunches([id]);
  if (pids.length === 0) return [];
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of pids) if (isAlive(pid)) signal(pid, 'SIGKILL');
  return pids;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}
