/**
 * Where the bundled reference server (`@modelcontextprotocol/server-everything`) lives, so it can
 * be launched as `node <script> stdio` from node_modules — never through npx (house rules).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const PACKAGE = '@modelcontextprotocol/server-everything';

/**
 * Absolute path of server-everything's JS entry: its `package.json` `bin` (a string, or the
 * `mcp-server-everything` entry of a bin map, else the first one) resolved against the package
 * folder. Throws an `Error` naming the package when it is not installed or declares no bin.
 */
export function resolveReferenceServerScript(): string {
  const require = createRequire(import.meta.url);
  let pkgJson: string;
  try {
    pkgJson = require.resolve(`${PACKAGE}/package.json`);
  } catch (err) {
    throw new Error(`${PACKAGE} is not installed: ${(err as Error).message}`);
  }
  const pkg = JSON.parse(readFileSync(pkgJson, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['mcp-server-everything'] ?? Object.values(pkg.bin ?? {})[0];
  if (!bin) throw new Error(`${PACKAGE} declares no "bin" in ${pkgJson}`);
  return resolve(dirname(pkgJson), bin);
}
