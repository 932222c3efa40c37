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
