// Where the built CLI lives and whether it is current (issue 11: users run built JavaScript, and a
// missing or stale build is said plainly, never run silently). Plain Node, no dependencies: the
// `switchboard` command loads this before anything else.
//
// `npm run build:cli` (vite.cli.config.ts) writes out/cli/build-info.json: when the build started
// and every source file it bundled. The build is stale when any of those files (or package.json,
// package-lock.json, the build config) changed after that moment, or is gone.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The package root (this file's parent folder's parent). */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm run build:cli` writes the bundle. */
export const CLI_OUT_DIR = join(PACKAGE_ROOT, 'out', 'cli');
/** The build's record of itself: `{ startedAtMs, inputs: string[] }` (inputs relative to the root). */
export const BUILD_INFO = join(CLI_OUT_DIR, 'build-info.json');
/** Files outside the bundle's inputs whose change also makes the build stale. */
export const BUILD_CONFIG_INPUTS = ['package.json', 'package-lock.json', 'vite.cli.config.ts'];

const HOW_TO_BUILD = 'Build it with: npm run build:cli   (npm start, npm test and npm link build it too)';

/**
 * What is wrong with the built CLI under `root`, as a sentence for the person, or undefined when
 * it is present and current. Outside a source checkout (no src-main/ folder) only presence counts.
 */
export function cliBuildProblem(root = PACKAGE_ROOT) {
  return bundleProblem({ root, outDir: join(root, 'out', 'cli'), configInputs: BUILD_CONFIG_INPUTS, what: 'switchboard CLI' });
}

/**
 * What is wrong with a bundle whose build wrote `<outDir>/build-info.json` (`{ startedAtMs, inputs }`,
 * inputs relative to `root`): a sentence naming `what` (e.g. `switchboard CLI`), or undefined when it
 * is present and no input nor any of `configInputs` changed after the build started. Outside a
 * source checkout (no src-main/ folder under `root`) only presence counts. Used for out/cli and
 * the bench bundle out/bench (scripts/ensure-bench-build.mjs).
 */
export function bundleProblem({ root, outDir, configInputs, what }) {
  let info;
  try {
    info = JSON.parse(readFileSync(join(outDir, 'build-info.json'), 'utf8'));
  } catch {
    return `The ${what} is not built (${relative(process.cwd(), outDir) || outDir} is missing or incomplete).`;
  }
  if (!existsSync(join(root, 'src-main'))) return undefined;
  const started = Number(info.startedAtMs);
  const inputs = [...(Array.isArray(info.inputs) ? info.inputs : []), ...configInputs];
  for (const file of inputs) {
    let mtimeMs;
    try {
      mtimeMs = statSync(join(root, file)).mtimeMs;
    } catch {
      if (configInputs.includes(file)) continue;
      return `The built ${what} is out of date: ${file} is gone since it was built.`;
    }
    if (!(mtimeMs <= started)) return `The built ${what} is out of date: ${file} changed after it was built.`;
  }
  return undefined;
}

/**
 * `file:` URL of a built entry (`cli.mjs`, `library.mjs`) to `import()`. Throws an `Error` that says
 * what is wrong and how to build when the build is missing or stale.
 */
export function builtEntryUrl(entry, root = PACKAGE_ROOT) {
  const problem = cliBuildProblem(root);
  if (problem) throw new Error(`${problem}\n${HOW_TO_BUILD}`);
  return pathToFileURL(join(root, 'out', 'cli', entry)).href;
}
