import { writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The CLI + library bundle (`npm run build:cli`, part of `npm run build`): plain-Node ESM in out/cli
// (lib/index.mjs imports library.mjs) and the same as CommonJS in out/cli/cjs (bin/switchboard.mjs
// runs cjs/cli.cjs), so nobody compiles TypeScript at start (issue 11).
// Each verb is its own chunk, loaded only when it runs (src-main/host/cli/commands/index.ts).
//
// Pure-JS dependencies are bundled in: loading the MCP SDK, zod and ajv as hundreds of small ESM
// files from node_modules costs a one-shot command about twice the time of loading one bundle
// (measured; `npm run bench` keeps the figure). keytar is native and stays external, loaded from
// node_modules only when a secret is needed. A dependency change makes the build stale
// (package-lock.json is watched by bin/cli-build.mjs).
const root = import.meta.dirname;
const NATIVE = ['keytar'];

/** Writes `<outDir>/build-info.json` last: when the build started and every source file it bundled (also the bench bundle, vite.bench.config.ts). */
export function buildInfo(): Plugin {
  let startedAtMs = 0;
  let inputs: string[] = [];
  let outDir = '';
  return {
    name: 'switchboard-cli-build-info',
    buildStart() {
      startedAtMs = Date.now();
    },
    generateBundle(options, bundle) {
      outDir = options.dir ?? '';
      const ids = new Set<string>();
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        for (const id of out.moduleIds) if (isAbsolute(id) && !id.includes('/node_modules/')) ids.add(relative(root, id));
      }
      inputs = [...ids].sort();
    },
    writeBundle() {
      writeFileSync(join(outDir, 'build-info.json'), `${JSON.stringify({ startedAtMs, inputs }, null, 1)}\n`);
    },
  };
}

export default defineConfig({
  // A Node bundle, not a web app: no public/ copying, no .env loading.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, external: NATIVE },
  plugins: [buildInfo()],
  build: {
    ssr: true,
    target: 'node20',
    outDir: resolve(root, 'out/cli'),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        cli: resolve(root, 'src-main/host/cli.ts'),
        library: resolve(root, 'src-main/host/library.ts'),
      },
      external: (id) => id.startsWith('node:') || NATIVE.some((n) => id === n || id.startsWith(`${n}/`)),
      // Our own modules do nothing when imported (issue 11 item 2): a face imports the core's entry
      // modules, and only what it uses of them is bundled into its chunk.
      treeshake: { moduleSideEffects: (id) => id.includes('/node_modules/') },
      output: [
        {
          format: 'esm',
          entryFileNames: '[name].mjs',
          chunkFileNames: 'chunks/[name]-[hash].mjs',
        },
        // The same bundle as CommonJS, which `switchboard` runs (bin/cli-code-cache.mjs): Node 20 can
        // keep V8's compiled code of a CommonJS file between runs (vm.Script cachedData), never of an
        // ES module (issue 32 item 1). External dynamic imports (keytar, http) become require():
        // a vm.Script cannot import() on Node 20.
        // Written compact and ASCII-only: no comments or indentation, every other character escaped
        // (`\uXXXX`). Node reads a pure-ASCII file as a one-byte string and V8 hashes and scans it
        // faster; with the whitespace gone the bundle is a third smaller. A one-shot command starts
        // ~60 ms sooner (issue 32 item 1, measured on 2 cores). Names are neither mangled nor code
        // rewritten, so stack traces and `constructor.name` read as in the source (maps beside it).
        {
          format: 'cjs',
          entryFileNames: 'cjs/[name].cjs',
          chunkFileNames: 'cjs/chunks/[name]-[hash].cjs',
          dynamicImportInCjs: false,
          minify: { compress: false, mangle: false },
          comments: false,
          charset: 'ascii',
        },
      ],
    },
  },
});
