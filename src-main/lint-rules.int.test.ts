/**
 * The lint rules (issue 29 item 5; eslint.config.js, scripts/non-null-count.mjs and the renderer's
 * own tsconfig, run by `npm test`) each fail on a planted violation. The probes are written into a
 * throwaway `lint-probe-*` folder inside the real tree (the rules are chosen by path and by the
 * tsconfig that holds a file), linted alone, and removed whatever happens. The boundary rules of
 * dependency-cruiser have their own planted violations in boundaries.int.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = process.execPath;

/** Write `files` (name → text) into a fresh `lint-probe-*` folder under `dir`; run `fn`; remove it. */
function withProbes<K extends string, T>(dir: string, files: Record<K, string>, fn: (paths: Record<K, string>) => T): T {
  mkdirSync(join(ROOT, dir), { recursive: true });
  const folder = mkdtempSync(join(ROOT, dir, 'lint-probe-'));
  try {
    const paths = {} as Record<K, string>;
    for (const name of Object.keys(files) as K[]) {
      writeFileSync(join(folder, name), files[name]);
      paths[name] = relative(ROOT, join(folder, name));
    }
    return fn(paths);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** ESLint (the project's config, no cache) on `files`: each file's `line:ruleId` list. */
function eslint(files: string[]): Record<string, string[]> {
  const bin = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const r = spawnSync(NODE, [bin, '--format', 'json', ...files], { cwd: ROOT, encoding: 'utf8', timeout: 280_000 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`eslint exited ${r.status}: ${r.stderr}`);
  const report = JSON.parse(r.stdout) as { filePath: string; messages: { line: number; ruleId: string | null; message: string }[] }[];
  return Object.fromEntries(report.map((f) => [relative(ROOT, f.filePath), f.messages.map((m) => `${m.line}:${m.ruleId ?? m.message}`)]));
}

describe('the lint rules fail on a planted violation', () => {
  it('ESLint: the renderer imports neither node built-ins nor electron; ipcMain stays in the shell; promises are handled; switches are exhaustive; hooks keep their rules', () => {
    withProbes(
      'src-renderer/src',
      {
        'imports.ts': "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nimport { shell } from 'electron';\nexport const all = [readFileSync, join, shell];\n",
        'hooks.tsx': "import { useState } from 'react';\nexport function View({ on }: { on: boolean }) {\n  if (on) {\n    const [n] = useState(0);\n    return <p>{n}</p>;\n  }\n  return null;\n}\n",
      },
      (renderer) =>
        withProbes(
          'src-main/host',
          {
            'ipc.ts': "import { ipcMain } from 'electron';\nexport const bus = ipcMain;\n",
            'promises.ts': [
              'async function work(): Promise<number> {',
              '  return 1;',
              '}',
              'export function fire(): void {',
              '  work();',
              '}',
              'export function misuse(items: number[]): void {',
              '  items.forEach(async (n) => {',
              '    await work();',
              '    console.log(n);',
              '  });',
              '}',
              "export function name(kind: 'a' | 'b'): string {",
              '  switch (kind) {',
              "    case 'a':",
              "      return 'A';",
              '  }',
              "  return '?';",
              '}',
              '',
            ].join('\n'),
          },
          (main) => {
            const found = eslint([...Object.values(renderer), ...Object.values(main)]);
            expect(found[renderer['imports.ts']]).toEqual([
              '1:@typescript-eslint/no-restricted-imports',
              '2:@typescript-eslint/no-restricted-imports',
              '3:@typescript-eslint/no-restricted-imports',
            ]);
            expect(found[renderer['hooks.tsx']]).toEqual(['4:react-hooks/rules-of-hooks']);
            expect(found[main['ipc.ts']]).toEqual(['1:@typescript-eslint/no-restricted-imports']);
            expect(found[main['promises.ts']]).toEqual([
              '5:@typescript-eslint/no-floating-promises',
              '8:@typescript-eslint/no-misused-promises',
              '14:@typescript-eslint/switch-exhaustiveness-check',
            ]);
          },
        ),
    );
  }, 300_000);

  it('the non-null-assertion count fails above its baseline and passes at it', () => {
    withProbes('src-main/host', { 'bang.ts': 'export const first = (xs: string[]): string => xs[0]!;\n' }, ({ 'bang.ts': file }) => {
      const count = (baseline: number) =>
        spawnSync(NODE, ['scripts/non-null-count.mjs', '--baseline', String(baseline), file], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      const over = count(0);
      expect(over.stdout).toContain('non-null assertions: 1 (baseline 0)');
      expect(over.stderr).toContain('@typescript-eslint/no-non-null-assertion: 1 more than the baseline');
      expect(over.stderr).toContain(`${file}:1:`);
      expect(over.status).toBe(1);
      const at = count(1);
      expect(at.stdout).toContain('non-null assertions: 1 (baseline 1)');
      expect(at.status).toBe(0);
    });
  }, 150_000);

  it("the renderer's program has no Node types: `import 'node:fs'` in a component fails to compile", () => {
    withProbes('src-renderer/src', { 'reads-disk.tsx': "import { readFileSync } from 'node:fs';\nexport const Disk = () => <p>{readFileSync('/etc/hostname', 'utf8')}</p>;\n" }, ({ 'reads-disk.tsx': file }) => {
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const r = spawnSync(NODE, [tsc, '-p', 'src-renderer/tsconfig.json', '--noEmit', '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8', timeout: 280_000 });
      const errors = r.stdout.split('\n').filter((l) => l.includes('error TS'));
      // Paths in tsc's report are relative to the working directory (the repo).
      expect(errors).toEqual([`${file}(1,30): error TS2307: Cannot find module 'node:fs' or its corresponding type declarations.`]);
      expect(r.status).toBe(2);
    });
  }, 300_000);
});
