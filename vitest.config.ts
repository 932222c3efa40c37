import { defineConfig } from 'vitest/config';

// Unit tests sit beside nothing but their subject (`*.test.ts`); integration tests use real
// servers and real sockets (`*.int.test.ts`). Two cores: keep workers few.
const ALL = ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts?(x)'];

// Test files that need a fresh module registry of their own: they mock a module (vi.mock), change
// process.env, or assert on process-wide state another file's run changes (the console patched for
// SDK warnings, the login shell's PATH memo). Two more failed in a whole run without isolation for
// timing, not state: gateway-http-relay asserts the door's capabilities, which depend on whether
// the host's servers are still starting when the door answers initialize (issue 30 item 5), and
// modern-only-cli's status line (not traced further); with a warm registry their worlds start faster.
const ISOLATED = [
  'src-main/owner/start-owner.int.test.ts',
  'src-main/core/auth/sdk-warnings.test.ts',
  'src-main/core/mcp/failures/spawn-hint.test.ts',
  'src-main/core/secrets/secret-store.int.test.ts',
  'src-main/wires/gateway-http-relay.int.test.ts',
  'src-main/host/modern-only-cli.int.test.ts',
];

export default defineConfig({
  test: {
    // Two projects, one pool: every other file shares its worker's module registry with the files
    // run before it there (isolate: false), so the core, the SDK and zod are loaded once per worker
    // instead of once per file — importing cost 179 s summed over 415 files in a CI run, 17 s
    // without isolation (docs/testing.md "Suite time"). Test files create their own worlds (temp
    // folders, ports, managers) and dispose of them, so nothing else carries over.
    projects: [
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
    environment: 'node',
    // CLI tests spawn bin/switchboard.mjs, which runs out/cli: (re)build it when missing or stale.
    globalSetup: ['./vitest.global-setup.ts'],
    // After each file: no process it started still runs (names the file and the command line).
    setupFiles: ['./vitest.no-leftovers.setup.ts'],
    // `vitest --changed` (npm run test:quick) runs every test when one of these changed; vitest's
    // default includes package.json, so editing an npm script would run the whole suite.
    forceRerunTriggers: ['**/package-lock.json/**', '**/vitest.config.*/**', '**/vitest.global-setup.*/**'],
    // Generous: these 2-core machines are often busy with other work (scripts/test-under-load.sh
    // runs the suites beside two CPU burners); a bound only has to catch a hang, not measure speed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // CI only: a test that fails once under a loaded fresh machine gets one more try; the default
    // reporter marks it, and a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
