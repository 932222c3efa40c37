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
 * - src-shared stays pure (no node:, no Electron, nothing of main or the renderer);
 * - the renderer (src-renderer) reaches only src-shared, its own files and npm packages — no
 *   Electron, no Node built-ins, nothing of src-main (issue 29 item 5);
 * - the wires (src-main/wires) never import the desktop shell (src-main/app);
 * - no import cycles anywhere (type-only imports count: a cycle of types is still a knot).
 * ESLint (eslint.config.js) holds the rules depcruise cannot see (imported names, promises).
 * Tests may reach inside (they test the internals), so they are not held to the face rule.
 */
const TESTS = '(\\.test\\.tsx?$|/test-[^/]*\\.ts$|/fixtures/)';
/** What Node or Electron resolve to: renderer code runs in a browser page (web mode has neither). */
const ELECTRON = '(^|/)node_modules/electron/|^electron$';

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
    {
      name: 'renderer-only-shared',
      comment: 'The renderer reaches only src-shared (the contract), its own files and npm packages: never src-main or a root script.',
      severity: 'error',
      from: { path: '^src-renderer/src/' },
      // an npm package resolves into node_modules, or stays a bare name when it has types only
      to: { pathNot: '^(src-renderer|src-shared)/|(^|/)node_modules/|^@|^[a-z0-9][a-z0-9._-]*$', dependencyTypesNot: ['core'] },
    },
    {
      name: 'renderer-not-electron',
      comment: 'The renderer is a browser page: it reaches the core through window.switchboard, never electron (docs/security.md).',
      severity: 'error',
      from: { path: '^src-renderer/src/' },
      to: { path: ELECTRON },
    },
    {
      name: 'renderer-no-node-builtins',
      comment: 'The renderer is a browser page: no Node built-ins (fs, node:path…), which web mode does not have. Its tests run in Node and may.',
      severity: 'error',
      from: { path: '^src-renderer/src/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'wires-not-app',
      comment: 'The wires (IPC binding, web host) serve every face and never import the desktop shell (src-main/app); shared pieces live in the wires.',
      severity: 'error',
      from: { path: '^src-main/wires/' },
      to: { path: '^src-main/app/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (issue 29 item 5): move the shared piece to a lower module instead.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(out|node_modules)/' },
  },
};
