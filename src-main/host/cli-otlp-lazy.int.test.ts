/**
 * The one-shot CLI never pays for OTLP export (issue 35 item 4, core/mcp/logs/otlp-export.ts): in
 * the BUILT bundle (out/cli), the OpenTelemetry packages live only in chunks that are reached by a
 * dynamic `import()`, never by a static import from the entry (`cli.mjs`, `library.mjs`, and their
 * CommonJS builds under cjs/) or from any verb's chunk — so a one-shot run loads none of them unless
 * a collector is named.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const OUT = join(REPO_ROOT, 'out', 'cli');

/**
 * The two builds of the bundle: ES modules (`cli.mjs`, the library's `library.mjs`) and CommonJS
 * (`cjs/cli.cjs`, what `switchboard` runs: bin/cli-code-cache.mjs). A static import is a top-level
 * `import`/`export … from` (ESM) or a top-level `require("./x.cjs")` (CJS); a dynamic one is an
 * `import("./x.mjs")` or `Promise.resolve().then(()=>require("./x.cjs"))`.
 */
const BUILDS = [
  {
    dir: OUT,
    ext: 'mjs',
    statics: /^(?:import|export)\s[^;]*?["'](\.{1,2}\/[^"']+\.mjs)["']/gm,
    dynamics: /\bimport\(\s*["'](\.{1,2}\/[^"']+\.mjs)["']\s*\)/g,
  },
  {
    dir: join(OUT, 'cjs'),
    ext: 'cjs',
    // Written compact (vite.cli.config.ts): statements follow each other on one line.
    statics: /(?:^|[;\n])\s*(?:(?:const|let|var)\s+\w+\s*=\s*)?require\(\s*["'](\.{1,2}\/[^"']+\.cjs)["']\s*\)/gm,
    dynamics: /\bPromise\.resolve\(\)\.then\(\s*\(\)\s*=>\s*require\(\s*["'](\.{1,2}\/[^"']+\.cjs)["']\s*\)\s*\)/g,
  },
];

describe.each(BUILDS)('the built CLI ($ext) loads OpenTelemetry only on demand', ({ dir, ext, statics, dynamics }) => {
  const entries = ['cli', 'library'].map((f) => join(dir, `${f}.${ext}`));
  const files = [...entries, ...readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith(`.${ext}`)).map((f) => join(dir, 'chunks', f))];
  const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));

  /** The relative modules `file` loads statically or dynamically. */
  function imports(file: string): { statics: string[]; dynamics: string[] } {
    const src = text.get(file) ?? '';
    const at = (spec: string): string => resolve(dirname(file), spec);
    return { statics: [...src.matchAll(statics)].map((m) => at(m[1] ?? '')), dynamics: [...src.matchAll(dynamics)].map((m) => at(m[1] ?? '')) };
  }

  /** Whether a chunk holds OpenTelemetry code: its source map names the modules bundled into it (the CommonJS build keeps no comments; the bundler's own runtime chunk has no map). */
  const isOtel = (file: string): boolean =>
    existsSync(`${file}.map`) && (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('node_modules/@opentelemetry/'));

  it('no entry or verb chunk reaches an OpenTelemetry chunk by static imports; the core reaches one dynamically', () => {
    // What a one-shot run of any verb loads: the entry, the verb's chunk, and their static imports.
    const roots = [...entries, ...entries.flatMap((e) => imports(e).dynamics)];
    const loaded = new Set<string>();
    const queue = [...roots];
    for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
      if (loaded.has(f)) continue;
      loaded.add(f);
      queue.push(...imports(f).statics);
    }
    expect(roots.length).toBeGreaterThan(10);
    expect([...loaded].filter(isOtel).map((f) => f.slice(OUT.length + 1))).toEqual([]);
    // The export exists in the bundle, behind a dynamic import of the loaded core.
    const lazy = [...loaded].flatMap((f) => imports(f).dynamics).filter(isOtel);
    expect(lazy.length).toBeGreaterThan(0);
  });
});
