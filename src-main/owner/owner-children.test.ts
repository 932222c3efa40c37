/**
 * The child recorder subscribes to the one event it uses (issue 27 item 7): the core redacts an
 * event for each subscriber that wants it, so a recorder taking every event made each
 * `trace:appended` batch of a 5,000/s burst be redacted for nobody (half of the owner's CPU).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, assert, describe, expect, it } from 'vitest';
import type { EventName } from '../../src-shared/api/contract.js';
import type { SwitchboardCore } from '../core/index.js';
import { CHILDREN_FILE, startChildRecorder } from './owner-children.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('startChildRecorder', () => {
  it('wants servers:changed only, and stops wanting when closed', () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-children-'));
    let wants: ((event: EventName) => boolean) | undefined;
    let subscribed = 0;
    const core = {
      subscribe: (_listener: unknown, w?: (event: EventName) => boolean) => {
        subscribed++;
        wants = w;
        return () => void subscribed--;
      },
    } as unknown as SwitchboardCore;
    const recorder = startChildRecorder(dir, core);
    expect(subscribed).toBe(1);
    expect(wants).toBeTypeOf('function');
    assert.exists(wants);
    const asked: EventName[] = ['servers:changed', 'trace:appended', 'channels:appended', 'logs:appended'];
    expect(asked.map(wants)).toEqual([true, false, false, false]);
    recorder.close();
    expect(subscribed).toBe(0);
  });

  it('rewrites at once for another set of server processes, and at most once per refresh for the same set', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sb-children-'));
    const file = join(dir, CHILDREN_FILE);
    let listener: (() => void) | undefined;
    // A pid that runs nothing (its command line cannot be read, so it is left out of the record).
    let pids: number[] = [];
    const core = {
      subscribe: (l: () => void) => {
        listener = l;
        return () => undefined;
      },
      childPids: () => pids,
    } as unknown as SwitchboardCore;
    const recorder = startChildRecorder(dir, core, 10, 3000);
    const event = (): void => listener?.();
    const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
    try {
      event();
      await expect.poll(() => existsSync(file)).toBe(true);
      rmSync(file);
      // The same processes (a tool call's servers:changed): not read again for now.
      event();
      await sleep(300);
      expect(existsSync(file)).toBe(false);
      // Another set: at once, though a rewrite for the same set was waiting.
      pids = [2 ** 22 + 1];
      event();
      await expect.poll(() => existsSync(file), { timeout: 1000 }).toBe(true);
      rmSync(file);
      event();
      await sleep(300);
      expect(existsSync(file)).toBe(false);
      // Still rewritten once the refresh time has passed (descendants a server started later).
      await expect.poll(() => existsSync(file), { timeout: 8000 }).toBe(true);
    } finally {
      recorder.close();
    }
  });
});
