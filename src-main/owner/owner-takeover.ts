/**
 * Taking the data folder over from a lock that only looks held (docs/faces-and-ownership.md "one owner per data
 * folder"). `owner.lock` holds a pid; a live pid is not proof of a live Switchboard — pids are
 * reused, and `echo 1 > owner.lock` names init. The lock counts as held only when its holder is a
 * Switchboard owner: its endpoint file names it and its port answers our API, or it is still
 * starting (a fresh lock, a process whose command line says Switchboard). Otherwise it is stale.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_FILES, readDataJson, readDataText } from '../core/composition/entry-kit.js';
import { acquireOwnership, EndpointSchema, OwnedElsewhereError, type Ownership } from './ownership.js';
import { connectToOwner, OwnerRefusedError } from '../wires/remote-api.js';

/** How long the owner's API gets to answer the probe (ms). */
export const OWNER_PROBE_TIMEOUT_MS = 1_500;
/** A lock younger than this without an endpoint file may be an owner still starting (ms). */
export const OWNER_STARTUP_GRACE_MS = 20_000;

/** The command line of `pid` (Linux /proc; undefined where it cannot be read). */
export function processCommandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

/** Whether `pid`'s command line looks like a Switchboard owner; undefined when unknown (not Linux). */
function looksLikeSwitchboard(pid: number): boolean | undefined {
  const cmd = processCommandLine(pid);
  return cmd === undefined ? undefined : /switchboard|electron/i.test(cmd);
}

/** Whether a probe's failure says no owner is at that port: refused, reset at once, or another HTTP answer. */
function portRefused(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EADDRNOTAVAIL') return true;
  return err instanceof OwnerRefusedError;
}

/**
 * Whether `holder` (a live pid from `owner.lock`) is a Switchboard owning `dataDir`: its endpoint
 * file names it and the port answers with the token (within `OWNER_PROBE_TIMEOUT_MS`), or the port
 * does not answer in time while the process looks like a Switchboard (busy, stopped: not dead); without an
 * endpoint file, while the lock is younger than `OWNER_STARTUP_GRACE_MS` and the process does not
 * plainly look like something else. Never rejects.
 */
export async function isLiveOwner(dataDir: string, holder: number, probeTimeoutMs = OWNER_PROBE_TIMEOUT_MS): Promise<boolean> {
  let endpoint;
  try {
    const parsed = EndpointSchema.safeParse(readDataJson(join(dataDir, DATA_FILES.endpoint)));
    endpoint = parsed.success && parsed.data.pid === holder ? parsed.data : undefined;
  } catch {
    endpoint = undefined;
  }
  if (endpoint) {
    try {
      const api = await connectToOwner(endpoint, probeTimeoutMs);
      api.close();
      return true;
    } catch (err) {
      // Nothing listens on its port, or something else answers there: not an owner (a reused pid).
      // No answer in time is a busy owner, not a dead one (trial 9: a stopped or loaded owner lost its
      // folder to a gateway, which then removed the live owner's lock and endpoint on exit).
      if (portRefused(err)) return false;
      return looksLikeSwitchboard(holder) !== false;
    }
  }
  if (looksLikeSwitchboard(holder) === false) return false;
  try {
    return Date.now() - statSync(join(dataDir, DATA_FILES.lock)).mtimeMs < OWNER_STARTUP_GRACE_MS;
  } catch {
    return false;
  }
}

/**
 * `acquireOwnership`, but a lock whose live holder is not a Switchboard owner (`isLiveOwner`) is
 * stale: removed with its endpoint file, and taken. Rejects `OwnedElsewhereError` when a real owner
 * holds it, or what `acquireOwnership` throws.
 */
export async function acquireOwnershipChecked(dataDir: string, pid: number = process.pid): Promise<Ownership> {
  try {
    return acquireOwnership(dataDir, pid);
  } catch (err) {
    if (!(err instanceof OwnedElsewhereError) || (await isLiveOwner(dataDir, err.pid))) throw err;
    // Only remove the lock if it still names the same holder (another process may have won meanwhile).
    const lockFile = join(dataDir, DATA_FILES.lock);
    let current: string | undefined;
    try {
      current = readDataText(lockFile).trim();
    } catch {
      current = undefined;
    }
    if (current === String(err.pid)) {
      rmSync(lockFile, { force: true });
      rmSync(join(dataDir, DATA_FILES.endpoint), { force: true });
    }
    return acquireOwnership(dataDir, pid);
  }
}
