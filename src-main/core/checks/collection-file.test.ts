/** The collection file of saved calls (issue 15 item 7): a bad file names file:line and is never rewritten; saving keeps comments. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAssertion } from './assertions.js';
import { collectionFolder, collectionPath, readCollection, saveCall } from './collection-file.js';

let root: string;
let file: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-checks-'));
  file = join(root, 'project', '.switchboard', 'calls.json');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (text: string): void => {
  mkdirSync(join(root, 'project', '.switchboard'), { recursive: true });
  writeFileSync(file, text);
};

describe('collection paths', () => {
  it('defaults to <project>/.switchboard/calls.json, whose folder is the project', () => {
    expect(collectionPath(join(root, 'project'))).toBe(file);
    const project = join(root, 'project');
    expect(collectionFolder(file, project)).toBe(project);
    // Anywhere inside the project: the project itself (the folder its servers need trusted).
    expect(collectionFolder(join(project, 'ci', 'smoke.json'), project)).toBe(project);
    // Elsewhere: the folder holding .switchboard/, else the file's own folder.
    expect(collectionFolder(join(root, 'ci', 'smoke.json'), project)).toBe(join(root, 'ci'));
    expect(collectionFolder(join(root, 'other', '.switchboard', 'calls.json'), project)).toBe(join(root, 'other'));
    expect(collectionPath(root, 'ci/smoke.json')).toBe(join(root, 'ci', 'smoke.json'));
    expect(() => collectionPath(root, 'calls.yaml')).toThrow('A collection of saved calls is a .json file, got "calls.yaml"');
  });
});

describe('readCollection', () => {
  it('a missing file is an empty collection', async () => {
    expect(await readCollection(file)).toEqual({ file, exists: false, calls: [] });
  });

  it('reads calls with defaults filled in (comments allowed)', async () => {
    write('{\n  // smoke\n  "calls": [{"name": "echo", "server": "everything", "tool": "echo"}]\n}\n');
    const loaded = await readCollection(file);
    expect(loaded.calls).toEqual([{ name: 'echo', server: 'everything', tool: 'echo', arguments: {}, expect: [] }]);
  });

  it('an object value read from the file equals the same result (plain objects, trial 6 finding 1)', async () => {
    write('{"calls": [{"name": "w", "server": "s", "tool": "t", "expect": [{"kind": "equals", "value": {"a": 1, "b": [{"c": "d"}]}}]}]}\n');
    const [call] = (await readCollection(file)).calls;
    const result = { server: 's', tool: 't', isError: false, text: '', content: [], structuredContent: { a: 1, b: [{ c: 'd' }] }, durationMs: 1 };
    expect(evaluateAssertion(call!.expect[0]!, result, undefined).passed).toBe(true);
  });

  it('a schema problem names the file, line, column and field', async () => {
    write('{\n  "calls": [\n    {"name": "a", "server": "s", "tool": "t",\n     "expect": [{"kind": "isError", "value": "no"}]}\n  ]\n}\n');
    await expect(readCollection(file)).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: `${file}:4:46: calls[0].expect[0].value: Invalid input: expected boolean, received string. The file was not changed; fix it and run again.`,
    });
  });

  it('several schema problems are each listed with file:line:column, not counted (a trial read "(and 2 more problems)")', async () => {
    write('{"calls": [\n{"name": 1, "server": "s", "tool": "t"},\n{"name": "b", "server": 2, "tool": "t"},\n{"name": "c", "server": "s", "tool": "t", "timeoutMs": "x"}]}');
    const err = await readCollection(file).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe('INVALID_CONFIG');
    const lines = err!.message.split('\n');
    expect(lines[0]).toBe(`${file}: 3 problems. The file was not changed; fix them and run again:`);
    expect(lines.slice(1)).toEqual([
      `  ${file}:2:10: calls[0].name: Invalid input: expected string, received number`,
      `  ${file}:3:25: calls[1].server: Invalid input: expected string, received number`,
      expect.stringMatching(new RegExp(`^  ${file.replace(/[.]/g, '\\.')}:4:`)),
    ]);
    expect(err!.message).not.toContain('more problem');
  });

  it('a syntax error names the line', async () => {
    write('{\n  "calls": [\n    {"name": "a",,}\n  ]\n}\n');
    await expect(readCollection(file)).rejects.toMatchObject({ code: 'INVALID_CONFIG', message: expect.stringMatching(new RegExp(`^${file.replace(/[.]/g, '\\.')}:3:18: Malformed JSON`)) });
  });

  it('duplicate names are refused at the second one', async () => {
    write('{"calls": [\n{"name": "a", "server": "s", "tool": "t"},\n{"name": "a", "server": "s", "tool": "u"}]}');
    await expect(readCollection(file)).rejects.toMatchObject({ message: expect.stringContaining(':3:10: calls[1].name: "a" is already the name of an earlier call') });
  });
});

describe('saveCall', () => {
  const dataDir = (): string => join(root, 'data');
  it('creates the folder and file, appends, keeps comments, refuses a taken name unless replacing', async () => {
    await saveCall(dataDir(), file, { name: 'one', server: 's', tool: 't', expect: [{ kind: 'isError', value: false }] });
    writeFileSync(file, readFileSync(file, 'utf8').replace('{', '{\n  // keep me'));
    await saveCall(dataDir(), file, { name: 'two', server: 's', tool: 'u', arguments: { x: 1 } });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// keep me');
    expect((await readCollection(file)).calls.map((c) => c.name)).toEqual(['one', 'two']);
    await expect(saveCall(dataDir(), file, { name: 'two', server: 's', tool: 'v' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await saveCall(dataDir(), file, { name: 'two', server: 's', tool: 'v' }, true);
    expect((await readCollection(file)).calls.map((c) => c.tool)).toEqual(['t', 'v']);
  });

  it('never rewrites a bad file', async () => {
    const bad = '{"calls": [{"name": 1}]}';
    write(bad);
    await expect(saveCall(dataDir(), file, { name: 'x', server: 's', tool: 't' })).rejects.toMatchObject({ code: 'INVALID_CONFIG' });
    expect(readFileSync(file, 'utf8')).toBe(bad);
  });
});
