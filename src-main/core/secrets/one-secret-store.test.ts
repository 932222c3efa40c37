/**
 * The secret store is made once, at the composition root (issue 29 item 4): in the product code
 * (tests and test kits excluded: they may make their own for isolation) the only call of
 * `defaultSecretStore(` is in the file that defines `createSwitchboardCore`, and no other file
 * constructs a keychain or file store itself. Every part gets that instance (`CoreContext.secrets`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../composition/test-world.js';

/** Product `.ts` files under `dir` (no tests, no `test-*.ts` kits, no `testing/` folders). */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' || e.name === 'node_modules' ? [] : productFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.startsWith('test-') ? [path] : [];
  });
}

describe('one secret store', () => {
  it('is constructed only at the composition root', () => {
    const calls: string[] = [];
    let root: string | undefined;
    for (const file of productFiles(join(REPO_ROOT, 'src-main'))) {
      const text = readFileSync(file, 'utf8');
      const name = relative(REPO_ROOT, file);
      if (/export function createSwitchboardCore\(/.test(text)) root = name;
      const defines = /export function defaultSecretStore\(/.test(text);
      for (const m of text.matchAll(/defaultSecretStore\(|new (?:Keytar|File)SecretStore\(/g)) {
        if (defines) continue; // secret-store.ts: the factory itself
        calls.push(`${name}: ${m[0]}`);
      }
    }
    expect(root).toBeDefined();
    expect(calls).toEqual([`${root}: defaultSecretStore(`]);
  });
});
