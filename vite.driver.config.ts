import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The conformance driver as one plain-Node bundle in out/conformance-driver/driver.mjs, built once at
// the start of `npm run conformance` (scripts/conformance.mjs). The runner starts the driver once per
// scenario (83 times in `npm test`); through tsx each start compiled its module graph again (about
// 1.5–2 s of CPU on a 2-core machine, measured), bundled it starts like the CLI. Same settings as
// vite.cli.config.ts: pure-JS dependencies bundled in, keytar (native) external. Its own folder, so
// the `npm run build` that runs beside the conformance suite in `npm test` never empties it.
const root = import.meta.dirname;
const NATIVE = ['keytar'];

export default defineConfig({
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, external: NATIVE },
  build: {
    ssr: true,
    target: 'node20',
    outDir: resolve(root, 'out/conformance-driver'),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { driver: resolve(root, 'src-main/core/conformance/driver.ts') },
      external: (id) => id.startsWith('node:') || NATIVE.some((n) => id === n || id.startsWith(`${n}/`)),
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
