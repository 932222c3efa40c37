/**
 * Attack pass: a corrupt trust.json read as "nothing trusted" without a word, so a trusted project's
 * servers silently stopped running. The core now lists it as a config error naming the file (CLI
 * status, the UI's warnings panel and banner); a sound or missing file adds nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let world: TempWorld | undefined;
let core: SwitchboardCore | undefined;
afterEach(async () => {
  await core?.dispose();
  world?.cleanup();
});

async function warnings(w: TempWorld) {
  core = createSwitchboardCore({ platform: w.platform, projectDir: w.project, dataDir: w.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { onlyServers: [] });
  await core.start();
  const r = await core.handlers['servers:list']({});
  if (!r.ok) throw new Error(r.error.message);
  return r.data.warnings.filter((x) => x.file.endsWith('trust.json'));
}

describe('a corrupt trust.json', () => {
  it('is a config error naming the file, not a silent "not trusted"', async () => {
    world = makeWorld();
    const file = join(world.dataDir, 'trust.json');
    writeFileSync(file, '{"trusted": [');
    // Issue 27 item 2: kept aside as trust.json.bad-<time> (no trust.json.prev to load), and said so.
    expect(await warnings(world)).toEqual([
      { file, ...warningCode('data-file-reset'), message: expect.stringMatching(/^trust\.json did not parse \(.+\); it was kept as trust\.json\.bad-[0-9TZ-]+, and there is no previous version to load, so it starts empty$/) },
    ]);
  });

  it('a sound one adds nothing', async () => {
    world = makeWorld();
    writeFileSync(join(world.dataDir, 'trust.json'), '{"trusted": []}');
    expect(await warnings(world)).toEqual([]);
  });
});
