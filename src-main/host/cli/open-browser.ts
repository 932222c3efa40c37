/**
 * Open a URL in the person's browser from the CLI (sign-in, docs/auth.md; a server's URL request;
 * `switchboard open`): `open` on macOS, `start` on Windows, `xdg-open` elsewhere, detached and
 * ignored if it fails (the URL is printed anyway). Only an http(s) address is ever handed to an
 * opener (src-shared/openable-url.ts): a `file:` or app-scheme URL would run a program.
 */
import { spawn } from 'node:child_process';
import { openableUrl } from '../../../src-shared/openable-url.js';

/** Try to open `url`; resolves `true` when an opener was started (not that a browser showed it), `false` for a refused address. */
export function openInBrowser(raw: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const url = openableUrl(raw);
  if (url === undefined) return Promise.resolve(false);
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
