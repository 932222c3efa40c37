/**
 * npm's own PATH entries, taken off before servers see the environment (trial 13 item 7): a process
 * started by an npm script (`npm start`, `npm run serve`) or `npx` has, at the front of PATH, the
 * `node_modules/.bin` of the package folder and of every folder above it and npm's `node-gyp-bin`
 * (@npmcli/run-script's set-path.js). Servers launched from there would find Switchboard's own
 * dependencies' commands first — not what they get under their host.
 */
import { delimiter as platformDelimiter } from 'node:path';

/** Whether `env` is that of a process npm started (npm sets `npm_lifecycle_event` / `npm_command` for scripts and `npx`). */
function startedByNpm(env: Record<string, string | undefined>): boolean {
  return env.npm_lifecycle_event !== undefined || env.npm_command !== undefined;
}

/** An entry npm puts before the PATH it was given: `<dir>/node_modules/.bin` or `…/node-gyp-bin`. */
function isNpmEntry(entry: string): boolean {
  const parts = entry.split(/[\\/]+/).filter(Boolean);
  const last = parts.at(-1);
  return (last === '.bin' && parts.at(-2) === 'node_modules') || last === 'node-gyp-bin';
}

/**
 * `env` with the leading run of npm's PATH entries removed when npm started this process; `env`
 * itself (the same object) otherwise, or when PATH has no such entries. Entries after the first
 * entry of the person's own PATH are kept, even a `node_modules/.bin` they put there.
 */
export function withoutNpmScriptPath(env: Record<string, string | undefined>, delimiter = platformDelimiter): Record<string, string | undefined> {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH');
  const value = key === undefined ? undefined : env[key];
  if (key === undefined || value === undefined || !startedByNpm(env)) return env;
  const entries = value.split(delimiter);
  const firstOwn = entries.findIndex((e) => e !== '' && !isNpmEntry(e));
  const kept = firstOwn === -1 ? [] : entries.slice(firstOwn);
  if (kept.length === entries.length) return env;
  return { ...env, [key]: kept.join(delimiter) };
}
