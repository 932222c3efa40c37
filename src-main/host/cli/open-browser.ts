/**
 * Open a URL in the person's browser from the CLI (sign-in, docs/auth.md; a server's URL request;
 * `switchboard open`): `open` on macOS, the URL protocol handler on Windows, `xdg-open` elsewhere,
 * detached and ignored if it fails (the URL is printed anyway). Only an http(s) address is ever
 * handed to an opener (src-shared/openable-url.ts): a `file:` or app-scheme URL would run a program.
 * No shell ever reads the URL: on Windows `cmd /c start` would run what follows a `|` and expand
 * `%VAR%` in an address a server chose (attack pass of issue 26), so the URL goes as one argument to
 * `rundll32 url.dll,FileProtocolHandler`.
 */
import { spawn } from 'node:child_process';
import { openableUrl } from '../../../src-shared/openable-url.js';

/** The program and arguments that open `url` (already checked by `openableUrl`) on `platform`; no shell involved. */
export function openerFor(url: string, platform: NodeJS.Platform): [command: string, args: string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Try to open `url`; resolves `true` when an opener was started (not that a browser showed it), `false` for a refused address. */
export function openInBrowser(raw: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const url = openableUrl(raw);
  if (url === undefined) return Promise.resolve(false);
  const [command, args] = openerFor(url, platform);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false });
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
