import { defineConfig } from 'vitest/config';

// Unit tests sit beside nothing but their subject (`*.test.ts`); integration tests use real
// servers and real sockets (`*.int.test.ts`). Two cores: keep workers few.
export default defineConfig({
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts?(x)'],
    environment: 'node',
    // CLI tests spawn bin/switchboard.mjs, which runs out/cli: (re)build it when missing or stale.
    globalSetup: ['./vitest.global-setup.ts'],
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
