// ESLint flat config (issue 29 item 5, "every boundary a checked rule"); docs/architecture.md
// ("Checked rules") lists every rule and how to run it. Run: `npm run lint` (cached in
// node_modules/.cache/eslint/); `npm test` and `npm run test:quick` run it too.
//
// - Type-aware typescript-eslint (parserOptions.project: each file is checked with the first of the
//   two programs that holds it: ./tsconfig.json for everything that runs in Node and every test,
//   src-renderer/tsconfig.json for the renderer — the same as its nearest tsconfig.json): promises
//   are awaited or handled, switches over unions are exhaustive. `project` rather than
//   `projectService` (the TypeScript server's project service, same programs): 20 % less CPU for
//   the whole tree (103 -> 83 s user, run side by side on the 2-core machine), same reports.
// - The renderer (src-renderer) is a browser page: no electron, no node built-ins.
// - Only the shell's two files touch Electron's IPC objects: src-main/app/ipc.ts (ipcMain) and
//   src-main/app/preload.ts (ipcRenderer); everything else goes through the wires' slices.
// - Non-null assertions (`x!`) are counted, not banned outright: scripts/non-null-count.mjs fails
//   when there are more than scripts/non-null-baseline.txt says (today's count).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));

const NO_NODE = 'The renderer is a browser page: no Node built-ins (they would not exist in web mode).';
/** Electron, for the renderer and its tests: the page reaches the core only through window.switchboard. */
const electronBans = {
  paths: [{ name: 'electron', message: 'The renderer is a browser page: it reaches the core only through window.switchboard (src-shared/api).' }],
  patterns: [{ group: ['electron/*'], message: 'The renderer is a browser page: no Electron.' }],
};
/** The renderer's import bans: Electron and every Node built-in (bare `fs` and `node:fs`). */
const rendererImportBans = {
  paths: [...electronBans.paths, ...NODE_BUILTINS.map((name) => ({ name, message: NO_NODE }))],
  patterns: [...electronBans.patterns, { group: ['node:*'], message: NO_NODE }],
};

/** Outside the shell's two IPC files: `ipcMain`/`ipcRenderer` are not imported from electron. */
const ipcImportBans = {
  paths: [
    {
      name: 'electron',
      importNames: ['ipcMain', 'ipcRenderer'],
      message: 'Only src-main/app/ipc.ts (ipcMain) and src-main/app/preload.ts (ipcRenderer) touch Electron IPC; use the wires (src-main/wires).',
    },
  ],
};

/**
 * react-hooks' recommended set, with the classic two as errors. Three React Compiler diagnostics
 * of that set (setState inside an effect, a ref read while rendering, Date.now() while rendering)
 * stay warnings: the renderer had 27 such sites when the lint came (issue 29 item 5), each a change
 * of behaviour to fix, left to the renderer's rework (issue 29 item 6).
 */
const reactHooksLevels = {
  'react-hooks/rules-of-hooks': 'error',
  'react-hooks/exhaustive-deps': 'error',
  'react-hooks/set-state-in-effect': 'warn',
  'react-hooks/refs': 'warn',
  'react-hooks/purity': 'warn',
};

export default defineConfig(
  {
    ignores: ['out/**', 'lib/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'resources/**', '**/*.d.mts', '**/*.d.ts'],
  },
  // Only the rules named here: each guards a boundary or a promise (no style rules).
  tseslint.configs.base,
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './src-renderer/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['src-main/**/*.{ts,tsx}', 'src-shared/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    ignores: ['src-main/app/ipc.ts', 'src-main/app/preload.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', ipcImportBans] },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...reactHooksLevels,
      '@typescript-eslint/no-restricted-imports': ['error', rendererImportBans],
    },
  },
  {
    // Renderer tests run in Node under vitest: they may use node built-ins, never electron.
    files: ['src-renderer/**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...reactHooksLevels,
      '@typescript-eslint/no-restricted-imports': ['error', electronBans],
    },
  },
);
