/**
 * The collection of saved calls, `.switchboard/calls.json` next to a project (issue 15 item 7;
 * docs/checks.md § File format). Read with positions (jsonc-parser; comments allowed) and checked
 * with the shared zod schema: a bad file is a `CoreError('INVALID_CONFIG')` naming file, line and
 * column, and is never rewritten. Saving edits the text in place (comments and layout kept).
 */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { applyEdits, getNodeValue, modify, type Node } from 'jsonc-parser';
import type { z } from 'zod';
import {
  COLLECTION_RELATIVE_PATH,
  CollectionSchema,
  SavedCallSchema,
  type Collection,
  type SavedCall,
  type SavedCallInput,
} from '../../../src-shared/api/checks.js';
import { CoreError } from '../facade/errors.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { backupFile } from '../config/file-backups.js';
import { withFileLock } from '../config/file-lock.js';
import { nodeAt, parseConfigText, type ConfigDocument } from '../files/jsonc-document.js';
import { readConfigTextOutcome } from '../files/read-config-text.js';

/** A collection as read from disk. */
export interface LoadedCollection {
  /** Absolute path of the file. */
  file: string;
  /** False when there is no file yet (then `calls` is empty). */
  exists: boolean;
  calls: SavedCall[];
  /** The parsed text, for edits that keep its layout (absent for a missing file). */
  doc?: ConfigDocument;
}

/**
 * The collection file to use: `file` resolved against `baseDir` when given (it must end in
 * `.json`), else `<projectDir>/.switchboard/calls.json`. Throws `CoreError('BAD_REQUEST')` for a
 * name that is not `.json`.
 */
export function collectionPath(projectDir: string, file?: string, baseDir = projectDir): string {
  if (file === undefined) return join(resolve(projectDir), COLLECTION_RELATIVE_PATH);
  if (!file.toLowerCase().endsWith('.json')) throw new CoreError('BAD_REQUEST', `A collection of saved calls is a .json file, got "${file}"`);
  return isAbsolute(file) ? resolve(file) : resolve(baseDir, file);
}

/**
 * The folder whose trust a collection needs — the servers' rule (issue 26 item 4; docs/checks.md
 * § Trust): that folder itself must be trusted (`TrustStore.isTrusted`, same identity check as
 * trust.json), never just a folder above it. A file inside `projectDir` (its `.switchboard/`, or
 * `ci/` anywhere below) needs `projectDir` — whose project servers the calls would run; a file
 * elsewhere needs the folder holding its `.switchboard/`, else its own folder.
 */
export function collectionFolder(file: string, projectDir: string): string {
  const abs = resolve(file);
  const project = resolve(projectDir);
  const inside = relative(project, abs);
  if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) return project;
  const dir = dirname(abs);
  return basename(dir) === '.switchboard' ? dirname(dir) : dir;
}

/** `file:line:column: message` for the node at `path` (or the file alone). */
function at(doc: ConfigDocument, path: (string | number)[], message: string): string {
  let node: Node | undefined;
  for (let n = path.length; n >= 0 && !node; n--) node = nodeAt(doc, path.slice(0, n));
  if (!node) return `${doc.path}: ${message}`;
  const pos = doc.lines.at(node.offset);
  return `${doc.path}:${pos.line}:${pos.column}: ${message}`;
}

/** How many schema problems one refusal lists. */
const MAX_LISTED = 50;

/** One zod issue as `file:line:column: path: message`. */
function describeIssue(doc: ConfigDocument, issue: z.core.$ZodIssue): string {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const where = path.length > 0 ? `${path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('')}: ` : '';
  return at(doc, path, `${where}${issue.message}`);
}

/**
 * Parse collection text. Throws `CoreError('INVALID_CONFIG')` with `file:line:column` for a syntax
 * error or a value the schema refuses (every problem, one per line, up to 50).
 */
export function parseCollectionText(file: string, text: string): { collection: Collection; doc: ConfigDocument } {
  const doc = parseConfigText(file, text);
  const bad = (message: string): never => {
    throw new CoreError('INVALID_CONFIG', `${message}. The file was not changed; fix it and run again.`);
  };
  const syntax = doc.warnings[0];
  if (syntax) bad(`${file}${syntax.line !== undefined ? `:${syntax.line}:${syntax.column}` : ''}: ${syntax.message}`);
  if (!doc.root) bad(`${file}: the file is empty; a collection is {"calls": [ … ]}`);
  // Plain objects: jsonc-parser builds them without a prototype, which deep equality tells apart.
  const parsed = CollectionSchema.safeParse(JSON.parse(JSON.stringify(getNodeValue(doc.root!))));
  if (!parsed.success) {
    // Every problem, one per line (a trial read "(and 2 more problems)" and had no way to see them);
    // past MAX_LISTED the rest are counted, a file that bad needs fixing from the top anyway.
    const issues = parsed.error.issues;
    const listed = issues.slice(0, MAX_LISTED).map((issue) => describeIssue(doc, issue));
    const rest = issues.length - listed.length;
    if (issues.length === 1) bad(listed[0]!);
    const lines = [...listed, ...(rest > 0 ? [`(and ${rest} more)`] : [])].map((l) => `  ${l}`);
    throw new CoreError('INVALID_CONFIG', `${file}: ${issues.length} problems. The file was not changed; fix them and run again:\n${lines.join('\n')}`);
  }
  return { collection: parsed.data!, doc };
}

/**
 * Read a collection. A missing file is an empty collection (`exists: false`); an unreadable or
 * bad one throws `CoreError('INVALID_CONFIG')` naming file and line.
 */
export async function readCollection(file: string): Promise<LoadedCollection> {
  const read = await readConfigTextOutcome(file);
  if (read.kind === 'missing') return { file, exists: false, calls: [] };
  if (read.kind === 'unreadable') throw new CoreError('INVALID_CONFIG', `${file}: ${read.message}`);
  const { collection, doc } = parseCollectionText(file, read.text);
  return { file, exists: true, calls: collection.calls, doc };
}

/** A new collection's text. */
function freshText(call: SavedCall): string {
  return `${JSON.stringify({ calls: [call] }, null, 2)}\n`;
}

/**
 * Add `call` to the collection at `file`, or replace the call of the same name (when `replace`).
 * Creates `.switchboard/` and the file when missing; keeps the previous text in the data folder's
 * backups; writes atomically under the file lock; keeps comments and layout (jsonc-parser edits).
 * Throws `CoreError('CONFLICT')` when the name is taken and `replace` is false, and
 * `CoreError('INVALID_CONFIG')` (nothing written) when the file is bad.
 */
export async function saveCall(dataDir: string, file: string, input: SavedCallInput, replace = false): Promise<LoadedCollection> {
  const call = SavedCallSchema.parse(input);
  await mkdir(dirname(file), { recursive: true });
  return withFileLock(file, async () => {
    const current = await readCollection(file);
    let text: string;
    if (!current.exists || !current.doc?.root) {
      text = freshText(call);
    } else {
      const index = current.calls.findIndex((c) => c.name === call.name);
      if (index >= 0 && !replace) throw new CoreError('CONFLICT', `A saved call named "${call.name}" already exists in ${file}`);
      const edits = modify(current.doc.text, ['calls', index >= 0 ? index : current.calls.length], call, {
        isArrayInsertion: index < 0,
        formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
      });
      text = applyEdits(current.doc.text, edits);
      await backupFile(dataDir, file);
    }
    parseCollectionText(file, text); // what we write must read back
    await writeFileAtomic(file, text);
    return readCollection(file);
  });
}
