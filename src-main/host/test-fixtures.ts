/**
 * Test fixtures, re-exported from `src-main/core/composition/test-world.ts` (where they moved so core tests do
 * not import from the host folder); kept because other tests import this path.
 */
export * from '../core/composition/test-world.js';
