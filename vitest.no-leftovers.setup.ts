/**
 * Vitest setup file, run in every test file: once a file's own hooks have ended, no process it
 * started may still be running (docs/testing.md § No process outlives its test file).
 *
 * The shared project runs many files in one worker (`isolate: false`), so a child one file left
 * behind used to show up as another file's failure — manager-stdio's "dispose leaves no child
 * process behind" counts every descendant of the worker — far from its cause. This hook names the
 * file that left it, with the process's pid and command line, instead.
 *
 * Waits up to 15 000 ms (polling every 100 ms) for children that are still exiting; throws
 * (the file fails) when any is left. Linux only: it reads /proc; elsewhere it checks nothing.
 * Registered before the file's own hooks, so with vitest's default `sequence.hooks: 'stack'` it
 * runs after every `afterAll` of the file.
 */
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { listDescendants } from './src-main/core/mcp/transport/process-tree.js';

const GRACE_MS = 15_000;
const POLL_MS = 100;

afterAll(async () => {
  if (process.platform !== 'linux') return;
  const deadline = Date.now() + GRACE_MS;
  let left = await listDescendants(process.pid);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    left = await listDescendants(process.pid);
  }
  if (left.length > 0) {
    throw new Error(`${left.length} process(es) this file started still run ${GRACE_MS / 1000} s after its tests ended: ${left.map(commandLine).join('; ')}`);
  }
}, GRACE_MS + 10_000);

/** `<pid> <command line>` (the first 160 characters), or `<pid> (gone)` when it ended meanwhile. */
function commandLine(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').replace(/\s+/g, ' ').trim();
    return `${pid} ${cmd.slice(0, 160)}`;
  } catch {
    return `${pid} (gone)`;
  }
}
