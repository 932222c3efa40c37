/** Where npm test's time went (issue 29 item 0; scripts/test-timings.mjs), read from the suites' own JSON reports. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { formatTimings } from '../../scripts/test-timings.mjs';

const format = formatTimings as (dir: string, count?: number) => string[];
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('test-timings', () => {
  it('prints each suite, then the slowest vitest files, e2e spec files and conformance scenarios', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-timings-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'phases'), 'boundaries 6\nbuild 4\ntypecheck 19\nvitest 545\nconformance 290\ne2e 610\ntotal 1170\n');
    writeFileSync(
      join(dir, 'vitest.json'),
      JSON.stringify({
        testResults: [
          { name: join(process.cwd(), 'src-main/a.int.test.ts'), startTime: 1000, endTime: 91_000 },
          { name: join(process.cwd(), 'src-main/b.test.ts'), startTime: 1000, endTime: 1500 },
          { name: join(process.cwd(), 'src-main/c.int.test.ts'), startTime: 2000, endTime: 14_000 },
        ],
      }),
    );
    const test = (ms: number) => ({ results: [{ duration: ms }] });
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({
        suites: [
          { file: 'web.spec.ts', specs: [{ tests: [test(20_000)] }], suites: [{ specs: [{ tests: [test(5_000), { results: [{ duration: 1000 }, { duration: 2000 }] }] }] }] },
          { file: 'oauth.spec.ts', specs: [{ tests: [test(75_000)] }] },
        ],
      }),
    );
    mkdirSync(join(dir, 'conformance'));
    writeFileSync(join(dir, 'conformance', 'timings.json'), JSON.stringify({ '[0.1.16] initialize': 2500, '[0.1.16] auth/scope-step-up': 6500 }));
    expect(format(dir, 2)).toEqual([
      '',
      '== where the time went',
      'suites (wall time, 19m 30s in all): boundaries 6.0s, build 4.0s, typecheck 19.0s, vitest 9m 05s, conformance 4m 50s, e2e 10m 10s',
      'slowest vitest files (3, 1m 43s summed):',
      '   1m 30s  src-main/a.int.test.ts',
      '    12.0s  src-main/c.int.test.ts',
      'slowest e2e spec files (sum of test times) (2, 1m 43s summed):',
      '   1m 15s  oauth.spec.ts',
      '    28.0s  web.spec.ts',
      'slowest conformance scenarios (2, 9.0s summed):',
      '     6.5s  [0.1.16] auth/scope-step-up',
      '     2.5s  [0.1.16] initialize',
    ]);
  });

  it('without a total line, adds the suites up', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-timings-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'phases'), 'vitest 61\ne2e 60\n');
    expect(format(dir)).toEqual(['', '== where the time went', 'suites (wall time, 2m 01s in all): vitest 1m 01s, e2e 1m 00s']);
  });

  it('skips what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-timings-'));
    dirs.push(dir);
    expect(format(dir)).toEqual(['', '== where the time went']);
  });
});
