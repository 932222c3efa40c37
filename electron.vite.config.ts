import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Three bundles: main (src-main/app + core), preload (sandboxed, CJS), renderer (React).
// electron-vite 6 runs on Vite 8 (Rolldown): entry and output options go in `rolldownOptions`;
// its preset copies them over `rollupOptions`, so options set only there would be dropped.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Dependencies stay external (electron-vite's default) and load from node_modules;
      // keytar is native and must never be bundled, so it is named explicitly too.
      externalizeDeps: { include: ['keytar'] },
      rolldownOptions: { input: { index: resolve(__dirname, 'src-main/app/main.ts') }, external: ['keytar'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only `require('electron')`: zod and the contract must be bundled in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/app/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: {
        input: resolve(__dirname, 'src-renderer/index.html'),
        // Everything the entry imports statically is one chunk: the first paint waits for it all
        // anyway, and one request beats the ten shared pieces the automatic split made of it.
        // Lazy views (src-renderer/src/lazy-views.tsx) and what only they use stay split.
        output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
      },
      // electron-vite leaves the renderer unminified; the web UI's cold start parses every byte
      // of the entry chunk before the first row paints (issue 32 item 1, docs/testing.md "Speed").
      minify: true,
    },
    plugins: [react()],
  },
});
