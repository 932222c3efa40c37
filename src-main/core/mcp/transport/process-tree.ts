/**
 * Process-tree helpers for stdio servers (docs/connections-supervision.md: "stop = end stdin → SIGTERM → kill the process
 * tree; quitting leaves no child process behind"). The SDK's stdio transport only signals its
 * direct child, so a server launched through a wrapper (`sh -c`, `npm exec`, a shim) could outlive it
 * (docs/testing.md). We snapshot the descendants before closing and kill the survivors afterwards.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every descendant pid of `pid` (children, grandchildren…), deepest last. Linux reads the parent of
 * each process from /proc (no `ps` child: issue 11, a one-shot CLI stops its server on every run);
 * other POSIX systems ask `ps`; Windows returns [] (the tree is killed with `taskkill /T` instead).
 * Never throws: on failure it returns [].
 */
export async function listDescendants(pid: number): Promise<number[]> {
  return listDescendantsOf([pid]);
}

/**
 * Every descendant pid of any of `pids` (`listDescendants` of each), from ONE reading of the process
 * table: the owner records its servers' trees every time their status changes, and each reading
 * opens every process's /proc/<pid>/stat on the machine. Never throws: on failure it returns [].
 */
export async function listDescendantsOf(pids: readonly number[]): Promise<number[]> {
  if (process.platform === 'win32' || pids.length === 0) return [];
  const children = procChildren() ?? (await psChildren());
  const out: number[] = [];
  const queue = [...pids];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Add `child` under `parent`. */
function addChild(children: Map<number, number[]>, child: number, parent: number): void {
  const list = children.get(parent);
  if (list) list.push(child);
  else children.set(parent, [child]);
}

/**
 * Children by parent pid from /proc/<pid>/stat (Linux), or undefined where /proc cannot be listed.
 * The parent is the second field after the command's closing parenthesis (the command may hold
 * spaces and parentheses itself: proc(5)).
 */
export function procChildren(): Map<number, number[]> | undefined {
  if (process.platform !== 'linux') return undefined;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ', 2)[1]);
      if (Number.isInteger(parent)) addChild(children, child, parent);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Children by parent pid from `ps -A -o pid=,ppid=` (empty when `ps` fails). */
async function psChildren(): Promise<Map<number, number[]>> {
  let psPid: number | undefined;
  const table = await new Promise<string>((resolve) => {
    psPid = execFile('ps', ['-A', '-o', 'pid=,ppid='], { timeout: 5_000 }, (err, stdout) => resolve(err ? '' : stdout)).pid;
  });
  const children = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!Number.isFinite(child) || !Number.isFinite(parent) || child === psPid) continue;
    addChild(children, child!, parent!);
  }
  return children;
}

/** Whether a process with this pid exists (signal 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * SIGKILL each pid still alive (ignoring ones already gone). On Windows, `taskkill /T /F` on each
 * given pid kills its tree. Resolves when the signals are sent.
 */
export async function killPids(pids: readonly number[]): Promise<void> {
  for (const pid of pids) {
    if (!isAlive(pid)) continue;
    if (process.platform === 'win32') {
      await new Promise<void>((resolve) => execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => resolve()));
    } else {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone between the check and the kill.
      }
    }
  }
}
