/**
 * One safe edit of one config file (docs/operator-verbs.md): serialised per file in this process; the text is
 * checked to parse first (a file that fails to parse is never rewritten); the edit is computed on
 * the text as read, the file re-read and compared just before writing (a host may have changed it
 * meanwhile: the edit is redone on the new text, a few times at most); the previous version is
 * copied to `<dataDir>/backups/`; the write is atomic (temp + fsync + rename, through symlinks,
 * keeping the mode) and compared once more right before the rename (a change then refuses the
 * write: CONFLICT "changed on disk meanwhile, try again"). A BOM is kept.
 */
import { CoreError } from '../facade/errors.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { withFileLock } from './file-lock.js';
import { readConfigText } from '../files/read-config-text.js';
import { backupFile, serialised } from './file-backups.js';
import { editorFor, type FormatEditor } from './format-editors.js';
import type { ConfigFormat } from '../files/structured-document.js';
import type { OwnWriteRecorder } from '../files/own-writes.js';

const MAX_ATTEMPTS = 3;

/** Test seam: runs between the temp file's fsync and the final compare + rename of every edit. */
export const testHooks: { beforeRename?: () => Promise<void> } = {};

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readConfigText(path, { forEdit: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new CoreError('INVALID_CONFIG', `Invalid server config: cannot read ${path}: ${(err as Error).message}; it was not changed`);
  }
}

/**
 * Where an edit is made from: the data folder (its `backups/`) and, for the core's own writes, the
 * recorder the live-reload watcher consults (own-writes.ts). A `DiscoveryContext` is one.
 */
export interface WriteScope {
  dataDir: string;
  ownWrites?: OwnWriteRecorder;
}

/** What an edit function gets: the text without BOM (`''` for a new file) and the format's editor. */
export type EditFn<T> = (text: string, editor: FormatEditor, exists: boolean) => { text: string; result: T };

/**
 * Apply `edit` to `path` (docs/operator-verbs.md). Resolves to the edit's result; when the text comes back
 * unchanged nothing is written. Throws `CoreError('INVALID_CONFIG')` when the file does not parse
 * or cannot be read, `CoreError('CONFLICT')` when it keeps changing under us, and whatever `edit`
 * throws (e.g. `Server "<name>" already exists in <path>`); the fs error when writing fails
 * (the original is then untouched). The new text's signature goes to `scope.ownWrites` right
 * before the rename (issue 29 item 4).
 */
export function editConfigFile<T>(path: string, format: ConfigFormat, scope: WriteScope, edit: EditFn<T>): Promise<T> {
  const editor = editorFor(format);
  // One writer per file in this process (serialised), and across processes (the file lock, held
  // from the first read to the rename: issue 9 item 3).
  return serialised(path, () => withFileLock(path, async (lock) => {
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
      if (before !== undefined) await backupFile(scope.dataDir, path);
      // Compared once more right before the rename: a host's write in the meantime is never lost.
      await writeFileAtomic(path, bom + out.text, {
        expected: before ?? null,
        ownWrites: scope.ownWrites,
        beforeRename: async () => {
          await testHooks.beforeRename?.();
          lock.assertHeld();
        },
      });
      return out.result;
    }
  }));
}
