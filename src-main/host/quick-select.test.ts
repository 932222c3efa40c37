/** Which tests `npm run test:quick` runs (issue 29 item 0; scripts/quick-select.mjs). */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { directImports, pick } from '../../scripts/quick-select.mjs';

type Pick = (selected: string[], changed: Set<string>, readText: (f: string) => string, all?: boolean) => { run: string[]; unit: string[]; near: string[]; skipped: number };
const choose = pick as Pick;

describe('quick-select', () => {
  const texts: Record<string, string> = {
    '/r/src/config/writer.int.test.ts': "import { write } from './writer.js';\nimport { makeWorld } from '../test-world.js';",
    '/r/src/host/cli.int.test.ts': "import { runSwitchboard } from '../test-world.js';",
    '/r/src/host/new.int.test.ts': "const m = await import('../config/other.js');",
  };
  const selected = ['/r/src/config/writer.test.ts', ...Object.keys(texts)];

  it('keeps every unit test and the integration tests that import a changed file directly', () => {
    const r = choose(selected, new Set(['/r/src/config/writer.ts']), (f) => texts[f]!);
    expect(r.run).toEqual(['/r/src/config/writer.test.ts', '/r/src/config/writer.int.test.ts']);
    expect(r.skipped).toBe(2);
  });

  it('keeps an integration test that changed itself, and a dynamic import of a changed file', () => {
    const r = choose(selected, new Set(['/r/src/host/cli.int.test.ts', '/r/src/config/other.ts']), (f) => texts[f]!);
    expect(r.near).toEqual(['/r/src/host/cli.int.test.ts', '/r/src/host/new.int.test.ts']);
  });

  it('--all keeps everything vitest selected', () => {
    expect(choose(selected, new Set(), (f) => texts[f]!, true).run).toEqual(selected);
  });

  it('resolves relative imports to the .ts source', () => {
    expect((directImports as (f: string, t: string) => string[])('/r/src/a.int.test.ts', "import x from '../b/c.js';")).toEqual(['/r/b/c.js', '/r/b/c.ts', '/r/b/c.tsx']);
  });
});
