#!/usr/bin/env node
// Run a TypeScript entry file through tsx: `node bin/run-ts.mjs <file.ts> [args…]` (npm run bench).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: node bin/run-ts.mjs <file.ts> [args…]\n');
  process.exit(64);
}
process.argv = [process.argv[0], resolve(file), ...rest];
register();
await import(pathToFileURL(resolve(file)).href);
