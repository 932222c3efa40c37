/**
 * The `checks:*` handlers of a real core (issue 15 item 7): `checks:run` refuses a collection whose
 * folder is not trusted (nothing called) and runs it once the folder is trusted; `checks:save`
 * writes the project's `.switchboard/calls.json`, which `checks:list` reads back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';

let world: TempWorld;
let core: SwitchboardCore;

beforeAll(async () => {
  world = makeWorld();
  core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } },
    { onlyServers: [] },
  );
  await core.start();
});
afterAll(async () => {
  await core.dispose();
  world.cleanup();
});

describe('checks handlers', () => {
  it('save, list, refuse to run while untrusted, run once trusted', async () => {
    const saved = await core.handlers['checks:save']({ call: { name: 'ghost', server: 'nowhere', tool: 'none', arguments: {}, expect: [] } });
    expect(saved).toMatchObject({ ok: true, data: { file: join(world.project, '.switchboard', 'calls.json'), folder: world.project, trusted: false, exists: true } });
    const listed = await core.handlers['checks:list']({});
    expect(listed.ok && listed.data.calls.map((c) => c.name)).toEqual(['ghost']);

    const refused = await core.handlers['checks:run']({});
    expect(refused).toEqual({
      ok: false,
      error: { code: 'UNTRUSTED', message: `${world.project} is not trusted: the saved calls in ${join(world.project, '.switchboard', 'calls.json')} run only once that folder itself is, as its servers do (switchboard trust, or Trust in the app)` },
    });

    expect((await core.handlers['trust:grant']({})).ok).toBe(true);
    const run = await core.handlers['checks:run']({});
    expect(run).toMatchObject({ ok: true, data: { passed: 0, failed: 0, notRun: 1, results: [{ name: 'ghost', status: 'error', message: 'Unknown server "nowhere"' }] } });

    // A collection in a subfolder of the trusted project runs too (trial 6: proj/ci/calls.json was refused).
    const nested = join(world.project, 'ci', 'calls.json');
    mkdirSync(join(world.project, 'ci'), { recursive: true });
    writeFileSync(nested, JSON.stringify({ calls: [{ name: 'ghost', server: 'nowhere', tool: 'none' }] }));
    expect(await core.handlers['checks:list']({ file: nested })).toMatchObject({ ok: true, data: { folder: world.project, trusted: true } });
    expect(await core.handlers['checks:run']({ file: nested })).toMatchObject({ ok: true, data: { notRun: 1 } });
    // A folder outside it is still refused.
    const outside = join(world.root, 'elsewhere', 'calls.json');
    mkdirSync(join(world.root, 'elsewhere'), { recursive: true });
    writeFileSync(outside, JSON.stringify({ calls: [{ name: 'ghost', server: 'nowhere', tool: 'none' }] }));
    expect(await core.handlers['checks:run']({ file: outside })).toMatchObject({ ok: false, error: { code: 'UNTRUSTED' } });
  });
});
