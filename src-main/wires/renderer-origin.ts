/**
 * Which page is our renderer: the target the shell loads (app/renderer-target.ts resolves it) and
 * the check the IPC binding (ipc-binding.ts) runs on every sender frame (ARCHITECTURE rule 3,
 * Electron's security checklist). In the wires because the binding needs it and the wires never
 * import a face (issue 29 item 5, .dependency-cruiser.cjs `wires-not-app`). Pure: no electron.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The renderer's origin: the electron-vite dev server, or the built `index.html` on disk. */
export type RendererTarget = { kind: 'dev'; url: string } | { kind: 'file'; indexPath: string };

/**
 * Is `url` our renderer? Dev: same origin as the dev server. File: a `file:` URL of exactly the
 * built `index.html` (query and hash ignored, so hash routing keeps working). Malformed → false.
 */
export function isTrustedRendererUrl(url: string, target: RendererTarget): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (target.kind === 'dev') {
    try {
      return parsed.origin === new URL(target.url).origin;
    } catch {
      return false;
    }
  }
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  try {
    // fileURLToPath reads only the path, so `?query` and `#/route` do not matter.
    return resolve(fileURLToPath(parsed)) === target.indexPath;
  } catch {
    return false;
  }
}
