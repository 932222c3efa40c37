/**
 * The one-shot CLI never pays for OTLP export (issue 35 item 4, core/mcp/logs/otlp-export.ts): in
 * the BUILT bundle (out/cli), the OpenTelemetry packages live only in chunks that are reached by a
 * dynamic `import()`, never by a static import from the entry (`cli.mjs`, `library.mjs`) or from
 * any verb's chunk — so a one-shot run loads none of them unless a collector is named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../core/composition/test-world.js';

const OUT = join(REPO_ROOT, 'out', 'cli');
const files = [...['cli.mjs', 'library.mjs'].map((f) => join(OUT, f)), ...readdirSync(join(OUT, 'chunks')).filter((f) => f.endsWith('.mjs')).map((f) => join(OUT, 'chunks', f))];
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));

/** The relative modules `file` imports statically (`import … from "./x.mjs"`, `import "./x.mjs"`, `export … from`) or dynamically (`import("./x.mjs")`). */
function imports(file: string): { statics: string[]; dynamics: string[] } {
  const src = text.get(file) ?? '';
  const at = (spec: string): string => resolve(dirname(file), spec);
  const statics = [...src.matchAll(/^(?:import|export)\s[^;]*?["'](\.{1,2}\/[^"']+\.mjs)["']/gm)].map((m) => at(m[1] ?? ''));
  const dynamics = [...src.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+\.mjs)["']\s*\)/g)].map((m) => at(m[1] ?? ''));
  return { statics, dynamics };
}

/** Whether a chunk holds OpenTelemetry code (the bundler keeps each module's path in a region comment). */
const isOtel = (file: string): boolean => (text.get(file) ?? '').includes('node_modules/@opentelemetry/');

describe('the built CLI loads OpenTelemetry only on demand', () => {
  it('no entry or verb chunk reaches an OpenTelemetry chunk by static imports; the core reaches one dynamically', () => {
    const entries = [join(OUT, 'cli.mjs'), join(OUT, 'library.mjs')];
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
