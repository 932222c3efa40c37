/**
 * One safe edit of one config file (SPEC §5): serialised per file in this process; the text is
 * checked to parse first (a file that fails to parse is never rewritten); the edit is computed on
 * the text as read, the file re-read and compared just before writing (a host may have changed it
 * meanwhile: the edit is redone on the new text, a few times at most); the previous version is
 * copied to `<dataDir>/backups/`; the write is atomic (temp + fsync + rename, through symlinks,
 * keeping the mode). A BOM is kept.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CoreError } from '../errors.js';
import { DATA_FILES } from '../paths.js';
import { writeFileAtomic } from './atomic-write.js';
import { editorFor, type FormatEditor } from './format-editors.js';
import type { ConfigFormat } from './structured-document.js';

/** Backups kept per file. */
export const MAX_BACKUPS = 20;
const MAX_ATTEMPTS = 3;
const locks = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (locks.get(key) ?? Promise.resolve()).then(task, task);
  locks.set(key, run.catch(() => undefined));
  return run;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new CoreError('INVALID_CONFIG', `Invalid server config: cannot read ${path}: ${(err as Error).message}; it was not changed`);
  }
}

/** The backup name prefix of `path`: its base name plus a short hash of the full path (two `settings.json` never mix). */
export function backupPrefix(path: string): string {
  return `${basename(path)}.${createHash('sha256').update(path).digest('hex').slice(0, 8)}.`;
}

async function backup(dataDir: string, path: string): Promise<void> {
  const dir = join(dataDir, DATA_FILES.backups);
  await mkdir(dir, { recursive: true });
  const prefix = backupPrefix(path);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let name = `${prefix}${stamp}`;
  for (let i = 1; (await readdir(dir)).includes(name); i++) name = `${prefix}${stamp}-${i}`;
  await copyFile(path, join(dir, name));
  const mine = (await readdir(dir)).filter((f) => f.startsWith(prefix)).sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_BACKUPS))) await unlink(join(dir, old)).catch(() => undefined);
}

/** What an edit function gets: the text without BOM (`''` for a new file) and the format's editor. */
export type EditFn<T> = (text: string, editor: FormatEditor, exists: boolean) => { text: string; result: T };

/**
 * Apply `edit` to `path` (SPEC §5). Resolves to the edit's result; when the text comes back
 * unchanged nothing is written. Throws `CoreError('INVALID_CONFIG')` when the file does not parse
 * or cannot be read, `CoreError('CONFLICT')` when it keeps changing under us, and whatever `edit`
 * throws (e.g. `Server "<name>" already exists in <path>`); the fs error when writing fails
 * (the original is then untouched).
 */
export function editConfigFile<T>(path: string, format: ConfigFormat, dataDir: string, edit: EditFn<T>): Promise<T> {
  const editor = editorFor(format);
  return serialised(path, async () => {
    for (let attempt = 1; ; attempt++) {
      const before = await readText(path);
      const bom = before?.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
      const text = (before ?? '').slice(bom.length);
      editor.check(path, text);
      const out = edit(text, editor, before !== undefined);
      if (before !== undefined && out.text === text) return out.result;
      editor.check(path, out.text); // never write what we could not read back
      const now = await readText(path);
      if (now !== before) {
        if (attempt >= MAX_ATTEMPTS) throw new CoreError('CONFLICT', `${path} keeps changing while we write it; try again`);
        continue;
      }
      if (before !== undefined) await backup(dataDir, path);
      await writeFileAtomic(path, bom + out.text);
      return out.result;
    }
  });
}
