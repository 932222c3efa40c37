/**
 * The boundaries of the house (ARCHITECTURE.md; issue 11 item 2), checked by `npm run lint:deps`
 * (part of `npm test`, scripts/test.sh):
 * - the core never imports Electron, the wires or the faces;
 * - faces (CLI, library, desktop shell, web host, data-folder owner: src-main/host, src-main/app)
 *   import from the core only its entry (`src-main/core/index.ts`, light half
 *   `src-main/core/composition/entry-kit.ts`);
 * - a room of the core never imports the composition root (`src-main/core/composition/`): only
 *   the composition room itself, the core's entry, the conformance driver and tests/kits do
 *   (issue 29 item 5), so rooms take their services as arguments instead of reaching upwards;
 * - src-shared stays pure (no node:, no Electron, nothing of main or the renderer).
 * Tests may reach inside (they test the internals), so they are not held to the face rule.
 */
const TESTS = '(\\.test\\.ts$|/test-fixtures\\.ts$|/fixtures/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-not-electron',
      comment: 'src-main/core never imports electron (ARCHITECTURE rule 1): it runs in plain Node, the web host and tests.',
      severity: 'error',
      from: { path: '^src-main/core/' },
      to: { path: '(^|/)node_modules/electron/|^electron$' },
    },
    {
      name: 'core-not-faces-or-wires',
      comment: 'The core knows no face and no wire: nothing under src-main/app, src-main/host or src-renderer.',
      severity: 'error',
      from: { path: '^src-main/core/', pathNot: TESTS },
      to: { path: '^(src-main/(app|host|wires|owner)|src-renderer)/' },
    },
    {
      name: 'faces-only-core-entry',
      comment: 'Faces import the core only through its entry (src-main/core/index.ts or composition/entry-kit.ts) and the contract (src-shared/api).',
      severity: 'error',
      from: { path: '^src-main/(app|host|wires|owner)/', pathNot: TESTS },
      to: { path: '^src-main/core/', pathNot: '^src-main/core/(index|composition/entry-kit)\\.ts$' },
    },
    {
      name: 'rooms-not-composition-root',
      comment:
        'A room of the core never imports the composition root (issue 29 item 5): only the composition room itself, the core entry (index.ts), the conformance driver and tests or test kits (test-*.ts, */testing/) may.',
      severity: 'error',
      from: {
        path: '^src-main/core/',
        pathNot: [TESTS, '^src-main/core/(composition/|conformance/|index\\.ts$)', '/test-[^/]*\\.ts$', '/testing/'],
      },
      to: { path: '^src-main/core/composition/' },
    },
    {
      name: 'shared-is-pure',
      comment: 'src-shared is pure: no node: modules, no electron, nothing of main or the renderer.',
      severity: 'error',
      from: { path: '^src-shared/', pathNot: TESTS },
      to: { path: '^(src-main|src-renderer)/|(^|/)node_modules/electron/|^electron$' },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^src-shared/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(out|node_modules)/' },
  },
};
