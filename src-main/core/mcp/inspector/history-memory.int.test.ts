/**
 * Issue 9 item 6, measured in a test (generous margin): call history kept whole arguments, and 30
 * calls of 8 MB took the owner from 143 to 548 MB. Now each recorded argument keeps at most 64 KiB
 * (marked as cut) and nothing else keeps a view of the big strings: 30 calls of 8 MB through the
 * core to the real server-everything (`echo`, which also returns the 8 MB) must grow the retained
 * heap by less than 50 MB after a full GC.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingEntry, everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { MAX_RECORDED_ARG_BYTES } from './call-history.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

let world: TempWorld;
let core: SwitchboardCore;
beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { everything: everythingEntry(world) });
  core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
  await core.start();
  await core.settled();
}, 180_000);
afterAll(async () => {
  await core?.dispose();
  world?.cleanup();
});

const retained = (): number => {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

describe('call history under 8 MB arguments (issue 9 item 6)', () => {
  it('keeps at most 64 KiB per argument, marks the cut, and 12 calls of 8 MB grow the retained heap by < 50 MB (kept whole they would be ≥ 96 MB)', async () => {
    const call = async (i: number) => {
      const message = `${i}:`.padEnd(8 * MB, 'x');
      const res = await core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message } } as never);
      expect(res.ok).toBe(true);
    };
    await call(-1); // warm-up: code paths, buffers
    const before = retained();
    for (let i = 0; i < 12; i++) await call(i); // 12, not 30: at load ~25 thirty took over 5 min
    const growth = retained() - before;
    const history = await core.handlers['history:list']({ server: 'everything' });
    if (!history.ok) throw new Error(history.error.message);
    const last = history.data[history.data.length - 1]!;
    expect(last.cut).toEqual(['message']);
    expect(String(last.args.message)).toMatch(/…\[cut: 8388608 bytes in all\]$/);
    expect(Buffer.byteLength(String(last.args.message))).toBeLessThan(MAX_RECORDED_ARG_BYTES + 64);
    expect(history.data.length).toBe(13);
    console.log(`retained heap growth for 12 calls of 8 MB: ${(growth / MB).toFixed(1)} MB`);
    expect(growth).toBeLessThan(50 * MB);
  }, 900_000);
});
