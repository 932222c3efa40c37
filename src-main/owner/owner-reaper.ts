/**
 * The owner's reaper (issue 9 item 6; docs/connections-supervision.md "quitting leaves no child process behind"): a tiny
 * detached process the owner starts beside itself. It holds the read end of a pipe from the owner;
 * when the owner dies in any way — a `kill -9` included, which runs none of the owner's own
 * cleanup — the pipe closes and the reaper ends what `owner-children.json` records for that owner:
 * each recorded process still alive with the same command line, and every process carrying one of
 * the recorded launch ids (double-forked ones too). SIGTERM first, SIGKILL after 2 s for those that
 * ignore it. On a clean quit the owner has already stopped its servers and removed the record, so
 * the reaper finds nothing and exits. Linux only (/proc); elsewhere the next owner's
 * `killLeftovers` still cleans up.
 *
 * The reaper is plain JavaScript run by `node -e` (Electron: `ELECTRON_RUN_AS_NODE=1`), so it needs
 * no build step and no file beside the bundle.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CHILDREN_FILE } from './owner-children.js';

/** How long the reaper waits after SIGTERM before SIGKILL (ms). */
export const REAPER_GRACE_MS = 2_000;

const REAPER_SOURCE = `
const fs = require('fs');
const [file, ownerPid, graceMs] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const cmdline = (pid) => { try { return fs.readFileSync('/proc/' + pid + '/cmdline', 'latin1').split('\\0').filter(Boolean).join(' '); } catch { return undefined; } };
const zombie = (pid) => { try { return / Z /.test(fs.readFileSync('/proc/' + pid + '/stat', 'latin1').replace(/^.*\\)/, ')')); } catch { return true; } };
function targets(record) {
  const out = new Set(record.children.filter((c) => alive(c.pid) && cmdline(c.pid) === c.cmd).map((c) => c.pid));
  const wanted = new Set((record.launches || []).map((id) => 'SWITCHBOARD_LAUNCH_ID=' + id));
  if (wanted.size > 0) {
    for (const e of fs.readdirSync('/proc')) {
      if (!/^\\d+$/.test(e) || Number(e) === process.pid) continue;
      try { if (fs.readFileSync('/proc/' + e + '/environ', 'latin1').split('\\0').some((v) => wanted.has(v))) out.add(Number(e)); } catch {}
    }
  }
  return [...out].filter((pid) => !zombie(pid));
}
let reaping = false;
async function reap() {
  if (reaping) return;
  reaping = true;
  let record;
  // A data file: never read through a link (issue 27 item 1; O_NOFOLLOW where the OS has it).
  try { const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW || 0)); try { record = fs.fstatSync(fd).isFile() && !fs.lstatSync(file).isSymbolicLink() ? JSON.parse(fs.readFileSync(fd, 'utf8')) : undefined; } finally { fs.closeSync(fd); } } catch { process.exit(0); }
  if (!record || record.ownerPid !== Number(ownerPid) || !Array.isArray(record.children)) process.exit(0);
  const pids = targets(record);
  for (const pid of pids) { try { process.kill(pid, 'SIGTERM'); } catch {} }
  const deadline = Date.now() + Number(graceMs);
  while (pids.some((p) => alive(p) && !zombie(p)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of targets(record)) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  try { if (JSON.parse(fs.readFileSync(file, 'utf8')).ownerPid === Number(ownerPid)) fs.rmSync(file, { force: true }); } catch {}
  process.exit(0);
}
process.stdin.on('end', reap);
process.stdin.on('close', reap);
process.stdin.on('error', reap);
process.stdin.resume();
setInterval(() => { if (!alive(Number(ownerPid))) reap(); }, 2000);
`;

/** A started reaper; `close()` lets it go (call after the owner's own clean shutdown). */
export interface Reaper {
  readonly pid?: number;
  close(): void;
}

/**
 * Start the reaper for this owner (`ownerPid`, default `process.pid`) of `dataDir`. Linux only
 * (returns a no-op elsewhere). Never throws: a reaper that cannot start leaves the next owner's
 * `killLeftovers` as the safety net.
 */
export function startReaper(dataDir: string, ownerPid = process.pid): Reaper {
  if (process.platform !== 'linux') return { close() {} };
  try {
    const child = spawn(process.execPath, ['-e', REAPER_SOURCE, join(dataDir, CHILDREN_FILE), String(ownerPid), String(REAPER_GRACE_MS)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return {
      pid: child.pid,
      close() {
        // Closing the pipe is the signal: with the record gone (clean quit) the reaper just exits.
        child.stdin?.end();
      },
    };
  } catch {
    return { close() {} };
  }
}
