import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LineIndex, parseConfigText, readConfigDocument } from './jsonc-document.js';
import { createSandbox, type Sandbox } from '../config/test-sandbox.js';

describe('LineIndex', () => {
  it('maps offsets to 1-based line/column across \\n, \\r\\n and \\r', () => {
    const idx = new LineIndex('ab\ncd\r\nef\rgh');
    expect(idx.at(0)).toEqual({ line: 1, column: 1 });
    expect(idx.at(4)).toEqual({ line: 2, column: 2 });
    expect(idx.at(7)).toEqual({ line: 3, column: 1 });
    expect(idx.at(10)).toEqual({ line: 4, column: 1 });
  });
});

describe('parseConfigText', () => {
  it('tolerates a BOM, comments and trailing commas without warnings when not strict', () => {
    const doc = parseConfigText('/f.json', '\uFEFF{\n  // c\n  "a": 1,\n}\n');
    expect(doc.warnings).toEqual([]);
    expect(doc.root?.type).toBe('object');
  });

  it('notes a comment in a strict-JSON host file with its position, and still parses', () => {
    const doc = parseConfigText('/f.json', '{\n  "a": 1 // c\n}\n', { strictHostLabel: 'Claude Desktop' });
    expect(doc.root?.type).toBe('object');
    expect(doc.warnings).toHaveLength(1);
    expect(doc.warnings[0]).toMatchObject({ file: '/f.json', line: 2, column: 10 });
    expect(doc.warnings[0]!.message).toContain('Claude Desktop may refuse this file');
  });

  it('reports a syntax error with line and column', () => {
    const doc = parseConfigText('/f.json', '{\n  "a": 1\n  "b": 2\n}');
    expect(doc.warnings[0]).toMatchObject({ file: '/f.json', line: 3, column: 3 });
    expect(doc.warnings[0]!.message).toMatch(/^Malformed JSON: comma expected at line 3, column 3$/);
  });

  it('treats an empty file as no root and no warning', () => {
    expect(parseConfigText('/f.json', '  \n')).toMatchObject({ root: undefined, warnings: [] });
  });
});

describe('readConfigDocument', () => {
  let sb: Sandbox;
  beforeEach(async () => {
    sb = await createSandbox();
  });
  afterEach(() => sb.cleanup());

  it('is missing for an absent file and unreadable (a warning, no throw) for a folder', async () => {
    expect(await readConfigDocument(join(sb.root, 'nope.json'))).toEqual({ kind: 'missing' });
    const dir = join(sb.root, 'dir.json');
    await mkdir(dir);
    const out = await readConfigDocument(dir);
    expect(out.kind).toBe('unreadable');
    if (out.kind === 'unreadable') expect(out.warning.file).toBe(dir);
  });
});
