/**
 * The roots a server is offered by default: its host's rule (docs/roots.md, `HOST_ROOTS` in
 * src-shared/config/host-roots.ts) applied to the project folder.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '../../../../src-shared/api/inspector.js';
import { hostRootsRule } from '../../../../src-shared/config/host-roots.js';
import type { HostId } from '../../../../src-shared/config/server.js';

/**
 * The default roots of a server defined in `host`'s file: `[]` for a host that sends none (or an
 * unknown host, or no host), the project folder as a `file://` root for a host that sends its
 * workspace. `projectDir` absent → `[]`.
 */
export function hostRoots(host: HostId | undefined, projectDir: string | undefined): Root[] {
  if (hostRootsRule(host) !== 'project' || !projectDir) return [];
  return [{ uri: pathToFileURL(projectDir).href, name: path.basename(projectDir) || projectDir }];
}

/** Whether `dir` is `folder` or inside it (both absolute). */
function within(dir: string, folder: string): boolean {
  const rel = path.relative(path.resolve(folder), path.resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Whether the project folder is one the person works in, to be offered as the root of servers whose
 * host offers its workspace (docs/roots.md § The project folder). False when no `--project` named it
 * (`named` false) and it is Switchboard's own folder — its checkout or install (`packageRoot`) or the
 * data folder, or inside one: `npm start` in the checkout would otherwise confine Cursor's or Claude
 * Code's filesystem server to Switchboard's sources instead of the folders in its own arguments
 * (trial 13 item 3; server-filesystem keeps its arguments when the roots list is empty).
 */
export function projectRootOffered(options: { projectDir: string; named: boolean; packageRoot: string; dataDir: string }): boolean {
  if (options.named) return true;
  return !within(options.projectDir, options.packageRoot) && !within(options.projectDir, options.dataDir);
}

/** The folder offered as the project root: `projectDir`, unless `projectRoot` is false (`projectRootOffered`). */
export function rootsProjectDir(options: { projectDir: string; projectRoot?: boolean }): string | undefined {
  return options.projectRoot === false ? undefined : options.projectDir;
}
