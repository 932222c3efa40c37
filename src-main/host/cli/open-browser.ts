/**
 * Open a URL in the person's browser from the CLI (sign-in, docs/auth.md): `open` on macOS, `start` on
 * Windows, `xdg-open` elsewhere, detached and ignored if it fails (the URL is printed anyway).
 */
import { spawn } from 'node:child_process';

/** Try to open `url`; resolves `true` when an opener was started (not that a browser showed it). */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
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
