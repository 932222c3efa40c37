/**
 * The owner's web session kept across restarts (issue 27 item 5; docs/faces-and-ownership.md "An open
 * tab when the owner restarts"; docs/security.md "The kept session token"): `session.json` in the
 * data folder, `{"token", "port", "sandboxPort"}`, mode 0600. A restarted owner reads it and listens on the same
 * port with the same token, so a page left open reconnects to it; `switchboard serve --new-token`
 * starts a fresh one. The token belongs to its data folder: an owner of another data folder has its
 * own file and never accepts this one's token.
 *
 * Kept in the data folder rather than the keychain: `serve` runs headless, where a Secret Service is
 * often absent, and the owner must start without one; and `endpoint.json` in the same folder (0600)
 * holds the same token the whole time the owner runs, so the keychain would protect nothing more.
 *
 * Read and written through the data folder's one module (`readDataText` / `writeDataFile`,
 * docs/security.md "Data files"): never through a link, 0600, atomic; no `.prev` is kept (a lost
 * session only means a new token).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { DATA_FILES, readDataText, writeDataFile } from '../core/composition/entry-kit.js';

/**
 * The kept session: the token the web host accepts, the 127.0.0.1 port it last listened on, and the
 * MCP Apps sandbox's port (apps-sandbox.ts; absent in files from before it was kept), so the sandbox
 * origin a page was given stays the same across restarts too.
 */
export const KeptSessionSchema = z.object({
  token: z.string().min(16),
  port: z.number().int().min(1).max(65_535),
  sandboxPort: z.number().int().min(1).max(65_535).optional(),
});
export type KeptSession = z.infer<typeof KeptSessionSchema>;

/** The kept session file of `dataDir`. */
export const keptSessionFile = (dataDir: string): string => join(dataDir, DATA_FILES.session);

/**
 * The kept session of `dataDir`, or undefined (with `warn` told why, except for a first start with
 * no file): a symlink is refused (opened with O_NOFOLLOW), and a file that does not parse or does
 * not match `KeptSessionSchema` is ignored — the owner then starts a new session and overwrites it.
 * Never throws.
 */
export function readKeptSession(dataDir: string, warn: (text: string) => void): KeptSession | undefined {
  const file = keptSessionFile(dataDir);
  let text: string;
  try {
    text = readDataText(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    warn(`${file} could not be read (${err instanceof Error ? err.message : String(code)}); a new session token is made.`);
    return undefined;
  }
  try {
    const parsed = KeptSessionSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: said below
  }
  warn(`${file} is not a valid session file; a new session token is made.`);
  return undefined;
}

/**
 * Write the kept session of `dataDir` (mode 0600, `writeDataFile`). Rejects, writing nothing, when
 * `session.json` is a symbolic link or not a file (a redirected write would put the token where the
 * link points: `DataFileRefused`) or the write fails. The one writer of the file.
 */
export function writeKeptSession(dataDir: string, session: KeptSession): Promise<void> {
  return writeDataFile(keptSessionFile(dataDir), `${JSON.stringify(KeptSessionSchema.parse(session), null, 2)}\n`, { keepPrev: false });
}
