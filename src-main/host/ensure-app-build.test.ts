/** `npm start` builds only what is stale (trial 13 item 9; scripts/ensure-app-build.mjs). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { APP_BUILD_INFO, appBuildProblem } from '../../scripts/ensure-app-build.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A package root whose build outputs and one source file exist, the sources `ageS` seconds old. */
function root(ageS: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'sb-appbuild-'));
  dirs.push(dir);
  for (const f of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'src-main/app/main.ts', 'src-main/app/main.test.ts']) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '');
    const t = Date.now() / 1000 - ageS;
    utimesSync(join(dir, f), t, t);
  }
  return dir;
}

it('is current when every source is older than the recorded build; names the first newer source, a missing output or record', () => {
  const dir = root(60);
  expect(appBuildProblem(dir)).toBe(`${APP_BUILD_INFO} is missing (no build by npm start yet).`);
  writeFileSync(join(dir, APP_BUILD_INFO), JSON.stringify({ startedAtMs: Date.now() - 30_000 }));
  expect(appBuildProblem(dir)).toBeUndefined();
  // A test file is not bundled: no build for it.
  writeFileSync(join(dir, 'src-main/app/main.test.ts'), 'changed');
  expect(appBuildProblem(dir)).toBeUndefined();
  writeFileSync(join(dir, 'src-main/app/main.ts'), 'changed');
  expect(appBuildProblem(dir)).toBe(`${join('src-main', 'app', 'main.ts')} changed after the last build.`);
  rmSync(join(dir, 'out/renderer/index.html'));
  expect(appBuildProblem(dir)).toBe(`${join('out', 'renderer', 'index.html')} is missing.`);
});
