/**
 * The child recorder subscribes to the one event it uses (issue 27 item 7): the core redacts an
 * event for each subscriber that wants it, so a recorder taking every event made each
 * `trace:appended` batch of a 5,000/s burst be redacted for nobody (half of the owner's CPU).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, assert, describe, expect, it } from 'vitest';
import type { EventName } from '../../src-shared/api/contract.js';
import type { SwitchboardCore } from '../core/index.js';
import { startChildRecorder } from './owner-children.js';

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
});
