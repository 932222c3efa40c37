/**
 * listDescendants reads the tree from /proc on Linux (no `ps` child per stop, issue 11): a child and
 * the grandchild it starts are both found, the grandchild after its parent; a command whose name
 * holds spaces and parentheses does not confuse the parent field.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killPids, listDescendants, listDescendantsOf, procChildren } from './process-tree.js';
import { waitFor } from '../../composition/test-world.js';

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    const pids = child.pid !== undefined ? [child.pid, ...(await listDescendants(child.pid))] : [];
    await killPids(pids.reverse());
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('listDescendants on Linux', () => {
  it('finds a child and its grandchild, deepest last, whatever the command name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-tree-'));
    dirs.push(dir);
    // A copy of sleep named with a space and a parenthesis: /proc/<pid>/stat shows "(sl) eep x)".
    const oddSleep = join(dir, 'sl) eep x');
    copyFileSync('/bin/sleep', oddSleep);
    const child = spawn('/bin/sh', ['-c', `'${oddSleep}' 60 & wait`], { stdio: 'ignore' });
    started.push(child);
    let found: number[] = [];
    expect(
      await waitFor(async () => {
        found = await listDescendants(child.pid!);
        return found.length === 1;
      }),
    ).toBe(true);
    const grandchild = found[0]!;
    expect(procChildren()!.get(child.pid!)).toEqual([grandchild]);
    expect(procChildren()!.get(process.pid)).toContain(child.pid);
    expect(await listDescendants(process.pid)).toEqual(expect.arrayContaining([child.pid, grandchild]));
    const mine = await listDescendants(process.pid);
    expect(mine.indexOf(grandchild)).toBeGreaterThan(mine.indexOf(child.pid!));
  }, 120_000);

  it('lists the trees of several pids from one reading (listDescendantsOf), as listDescendants of each', async () => {
    const trees = ['a', 'b'].map(() => spawn('/bin/sh', ['-c', 'sleep 60 & wait'], { stdio: 'ignore' }));
    started.push(...trees);
    const pids = trees.map((t) => t.pid ?? 0);
    expect(await waitFor(async () => (await Promise.all(pids.map(listDescendants))).every((d) => d.length === 1))).toBe(true);
    const each = (await Promise.all(pids.map(listDescendants))).flat();
    expect((await listDescendantsOf(pids)).sort()).toEqual(each.sort());
    expect(await listDescendantsOf([])).toEqual([]);
  }, 120_000);
});
