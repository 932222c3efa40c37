/**
 * The boundary rule (issue 11 item 2, issue 29 item 5; `.dependency-cruiser.cjs`, run by `npm test`
 * as `npm run lint:deps`) fails on a planted violation of each kind and passes a clean tree.
 * Runs dependency-cruiser on a throwaway tree shaped like ours, never on the real sources.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
let tree: string;

function put(rel: string, text: string): void {
  mkdirSync(dirname(join(tree, rel)), { recursive: true });
  writeFileSync(join(tree, rel), text);
}

/** Run the project's rule on the tree; exit status and the report. */
function cruise(): { status: number | null; out: string } {
  const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const r = spawnSync(process.execPath, [bin, 'src-main', 'src-shared', 'src-renderer', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: tree, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), 'sb-boundaries-'));
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true } }));
  put('src-shared/api/contract.ts', 'export const methods = {};\n');
  put('src-main/core/mcp/manager.ts', "import { methods } from '../../../src-shared/api/contract.js';\nexport const m = methods;\n");
  put('src-main/core/index.ts', "export { m } from './mcp/manager.js';\n");
  put('src-main/host/cli/verb.ts', "import { m } from '../../core/index.js';\nimport { methods } from '../../../src-shared/api/contract.js';\nexport const v = [m, methods];\n");
  put('src-main/host/cli/verb.test.ts', "import { m } from '../../core/mcp/manager.js';\nexport const t = m;\n");
  // The composition root, and the importers it allows: the entry, the conformance driver, a test kit.
  put('src-main/core/composition/switchboard-core.ts', "import { m } from '../mcp/manager.js';\nexport const core = m;\n");
  put('src-main/core/composition/entry-kit.ts', "export const light = 1;\n");
  put('src-main/core/conformance/driver.ts', "import { core } from '../composition/switchboard-core.js';\nexport const d = core;\n");
  put('src-main/core/checks/test-checks.ts', "import { core } from '../composition/switchboard-core.js';\nexport const k = core;\n");
  put('src-main/host/cli/light.ts', "import { light } from '../../core/composition/entry-kit.js';\nexport const l = light;\n");
  put('src-main/app/shell.ts', "import { w } from '../wires/ipc.js';\nexport const s = w;\n");
  put('src-main/wires/ipc.ts', "import { methods } from '../../src-shared/api/contract.js';\nexport const w = methods;\n");
  put('src-renderer/src/view.tsx', "import { methods } from '../../src-shared/api/contract.js';\nimport { z } from 'zod';\nexport const r = [methods, z];\n");
  put('src-renderer/src/view.test.ts', "import { readFileSync } from 'node:fs';\nexport const t = readFileSync;\n");
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('the boundary rule', () => {
  it('passes a tree that keeps the rooms (a test may reach inside)', () => {
    const r = cruise();
    expect(r.out).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  }, 120_000);

  it('fails when a face imports a core internal', () => {
    put('src-main/host/cli/bad.ts', "import { m } from '../../core/mcp/manager.js';\nexport const b = m;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('faces-only-core-entry');
    expect(r.out).toContain('src-main/host/cli/bad.ts → src-main/core/mcp/manager.ts');
  }, 120_000);

  it('fails when a room of the core imports the composition root (issue 29 item 5)', () => {
    put('src-main/core/checks/runner.ts', "import { core } from '../composition/switchboard-core.js';\nexport const r = core;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('rooms-not-composition-root');
    expect(r.out).toContain('src-main/core/checks/runner.ts → src-main/core/composition/switchboard-core.ts');
    expect(r.out).toContain('1 dependency violations');
  }, 120_000);

  it('fails when the core imports a face or a wire, and when src-shared imports node:', () => {
    put('src-main/core/bad.ts', "import { v } from '../host/cli/verb.js';\nexport const b = v;\n");
    put('src-shared/bad.ts', "import { join } from 'node:path';\nexport const b = join;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('core-not-faces-or-wires');
    expect(r.out).toContain('shared-no-node-builtins');
  }, 120_000);

  it('fails when the renderer imports node: or a bare built-in, electron or src-main (its tests may use node:)', () => {
    put('src-renderer/src/bad-node.ts', "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const b = [readFileSync, join];\n");
    put('src-renderer/src/bad-electron.ts', "import { ipcRenderer } from 'electron';\nexport const b = ipcRenderer;\n");
    put('src-renderer/src/bad-main.ts', "import { m } from '../../src-main/core/index.js';\nexport const b = m;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('renderer-no-node-builtins: src-renderer/src/bad-node.ts → fs');
    expect(r.out).toContain('renderer-no-node-builtins: src-renderer/src/bad-node.ts → path');
    expect(r.out).toContain('renderer-not-electron: src-renderer/src/bad-electron.ts → electron');
    expect(r.out).toContain('renderer-only-shared: src-renderer/src/bad-main.ts → src-main/core/index.ts');
    expect(r.out).not.toContain('view.test.ts');
    expect(r.out).toContain('x 4 dependency violations');
  }, 120_000);

  it('fails when the wires import the desktop shell', () => {
    put('src-main/wires/bad.ts', "import { s } from '../app/shell.js';\nexport const b = s;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('wires-not-app: src-main/wires/bad.ts → src-main/app/shell.ts');
  }, 120_000);

  it('fails on an import cycle, also when one side imports only types', () => {
    put('src-main/core/a.ts', "import type { B } from './b.js';\nexport interface A { b?: B }\n");
    put('src-main/core/b.ts', "import type { A } from './a.js';\nexport interface B { a?: A }\nexport const one = 1;\n");
    const r = cruise();
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('no-circular: src-main/core/a.ts →');
  }, 120_000);
});
