/**
 * docs/architecture.md's rooms table stays true (issue 29 item 6): every folder directly under
 * `src-main/`, `src-main/core/`, `src-main/core/mcp/` and `src-shared/` has a row, and every row
 * names a folder that exists. Adding a room means adding its row (what lives there) in the same change.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
/** Folders whose direct sub-folders each need a row. */
const ROOMED = ['src-main', 'src-main/core', 'src-main/core/mcp', 'src-shared'];

/** The folders the table's rows name, e.g. `src-main/core/mcp/` → `src-main/core/mcp`, in order. */
function tableFolders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Rooms\n'));
  if (!section) throw new Error('docs/architecture.md has no "## Rooms" section');
  return [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
}

/** Direct sub-folders of each of `ROOMED`, as repository paths. */
function foldersOnDisk(root: string): string[] {
  return ROOMED.flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${dir}/${e.name}`),
  );
}

/** What is wrong between the table and the disk: folders without a row, rows without a folder. */
function tableProblems(rows: readonly string[], onDisk: readonly string[], exists: (folder: string) => boolean): string[] {
  const unlisted = onDisk.filter((f) => !rows.includes(f)).map((f) => `no row for ${f}/`);
  const missing = rows.filter((r) => !exists(r)).map((r) => `row for ${r}/ names no folder`);
  return [...unlisted, ...missing];
}

const isFolder = (folder: string): boolean => {
  try {
    return statSync(join(ROOT, folder)).isDirectory();
  } catch {
    return false;
  }
};

describe("docs/architecture.md's rooms table", () => {
  const rows = tableFolders(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));

  it('has a row for every room on disk and names no folder that is gone', () => {
    expect(tableProblems(rows, foldersOnDisk(ROOT), isFolder)).toEqual([]);
  });

  it('lists each folder once', () => {
    expect(rows.filter((r, i) => rows.indexOf(r) !== i)).toEqual([]);
  });

  it('would catch a folder added without a row, and a row left behind by a removed folder', () => {
    const table = ['src-main/core', 'src-main/core/mcp', 'src-main/wires'];
    const onDisk = ['src-main/core', 'src-main/core/mcp', 'src-main/core/mcp/gateway'];
    const exists = (folder: string): boolean => folder !== 'src-main/wires';
    expect(tableProblems(table, onDisk, exists)).toEqual(['no row for src-main/core/mcp/gateway/', 'row for src-main/wires/ names no folder']);
  });
});
