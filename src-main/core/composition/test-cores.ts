/**
 * Test kit for integration tests that create whole cores over temp worlds: `trackCores()` registers
 * an afterEach that disposes each core, checks that none of its world's processes outlived it
 * (`processesWithMarker`), and removes the world; `ok()` unwraps a handler result or throws its message;
 * `nextReload()` awaits the next `config:reloaded`.
 */
import { afterEach, expect } from 'vitest';
import { processesWithMarker, type TempWorld } from './test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

/** The list to push `{ world, core }` into; emptied (cores disposed, worlds removed) after each test. */
export function trackCores(): { world: TempWorld; core: SwitchboardCore }[] {
  const open: { world: TempWorld; core: SwitchboardCore }[] = [];
  afterEach(async () => {
    for (const { world, core } of open.splice(0)) {
      await core.dispose();
      expect(processesWithMarker(world.marker)).toEqual([]);
      world.cleanup();
    }
  });
  return open;
}

/** The data of an ok handler result; throws `Error(message)` for a failed one. */
export async function ok<T>(r: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const out = await r;
  if (!out.ok) throw new Error(out.error.message);
  return out.data;
}

/** The files of `core`'s next `config:reloaded` event (live reload saw an outside change). */
export function nextReload(core: SwitchboardCore): Promise<string[]> {
  return new Promise((resolve) => {
    const off = core.subscribe((event, payload) => {
      if (event !== 'config:reloaded') return;
      off();
      resolve((payload as { files: string[] }).files);
    });
  });
}
