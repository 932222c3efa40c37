import { defineConfig } from 'vitest/config';

// Unit tests sit beside nothing but their subject (`*.test.ts`); integration tests use real
// servers and real sockets (`*.int.test.ts`). Two cores: keep workers few.
export default defineConfig({
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts?(x)'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
