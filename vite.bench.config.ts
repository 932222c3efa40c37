import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { buildInfo } from './vite.cli.config.js';

// The bench bundle (`npm run bench` builds it when stale, scripts/ensure-bench-build.mjs): bench/run.ts
// and the RSS child as plain-Node ESM in out/bench, run by plain node. Users run built JavaScript
// (out/cli, the app's bundle), not TypeScript through tsx, whose keepNames wrappers (`__name(…)`
// around functions and closures) land on our side only; docs/testing.md "Benchmarks" says more.
// Like the CLI bundle (vite.cli.config.ts) every pure-JS dependency is bundled, so the manager and
// the raw SDK client the bench compares it with run the very same SDK code.
const root = import.meta.dirname;
const EXTERNAL = ['keytar', '@playwright/test', 'playwright', 'playwright-core'];

/**
 * Our modules keep their own `import.meta.url` (their source file's URL), so the bench's and the
 * test kits' `new URL('../fixtures/…', import.meta.url)` still name the fixtures and node_modules
 * scripts beside the sources once bundled into out/bench.
 */
function sourceMetaUrl(): Plugin {
  return {
    name: 'switchboard-bench-source-meta-url',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !id.startsWith(root) || !code.includes('import.meta.url')) return null;
      return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id.split('?')[0] ?? id).href)), map: null };
    },
  };
}

export default defineConfig({
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, external: EXTERNAL },
  plugins: [sourceMetaUrl(), buildInfo()],
  // bench-lib.ts starts the RSS child from the bundle when this is defined (else through tsx).
  define: { __SB_BENCH_OUT__: JSON.stringify(resolve(root, 'out/bench')) },
  build: {
    ssr: true,
    target: 'node20',
    outDir: resolve(root, 'out/bench'),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { run: resolve(root, 'bench/run.ts'), 'rss-child': resolve(root, 'bench/rss-child.ts') },
      external: (id) => id.startsWith('node:') || EXTERNAL.some((n) => id === n || id.startsWith(`${n}/`)),
      treeshake: { moduleSideEffects: (id) => id.includes('/node_modules/') },
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
