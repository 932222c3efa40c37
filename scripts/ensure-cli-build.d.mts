/** Build out/cli unless it is current; true when it built. Throws when the build fails. */
export function ensureCliBuild(log?: (line: string) => void): boolean;
