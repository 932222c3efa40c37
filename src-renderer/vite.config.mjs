// Builds the renderer alone (same settings as electron.vite.config.ts's renderer section), for
// when the main/preload bundles are not buildable yet: `npx vite build --config src-renderer/vite.config.mjs`.
// The release build is `npx electron-vite build`.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: { outDir: resolve(here, '../out/renderer'), emptyOutDir: true },
});
