/**
 * What went wrong with Switchboard's own data files in this process (issue 27, docs/security.md#data-files):
 * a file refused because it is a symlink or not a plain file, a file that did not parse and was
 * kept aside. Reported by `data-files.ts`, shown as warnings in the status snapshot (so the window's
 * warnings and `switchboard status` carry them) until the file is used successfully again.
 */
import { sep } from 'node:path';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/**
 * `refused`: cleared by the next successful read or write; `recovered`: kept (the person is told once
 * per process); `entries`: entries of a file that parsed but were skipped, reported and cleared by the
 * file's own reader.
 */
export type DataProblemKind = 'refused' | 'recovered' | 'entries';

const problems = new Map<string, ConfigWarning>();
const listeners = new Set<() => void>();

const key = (file: string, kind: DataProblemKind): string => `${kind}\0${file}`;

function changed(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // one faulty listener must not stop the others
    }
  }
}

/** Record a problem of `file` (an absolute path); listeners hear of it when it is new or reworded. */
export function reportDataProblem(file: string, kind: DataProblemKind, message: string, code: 'data-file-refused' | 'data-file-reset' | 'data-file-restored' | 'damaged-lines'): void {
  const k = key(file, kind);
  if (problems.get(k)?.message === message) return;
  problems.set(k, { file, message, ...warningCode(code) });
  changed();
}

/** Forget the `kind` problem of `file` (it was read or written successfully since). */
export function clearDataProblem(file: string, kind: DataProblemKind = 'refused'): void {
  if (problems.delete(key(file, kind))) changed();
}

/** The problems of `dataDir` itself and of files in it (and its subfolders), oldest first. */
export function dataFileProblems(dataDir: string): ConfigWarning[] {
  const prefix = dataDir.endsWith(sep) ? dataDir : `${dataDir}${sep}`;
  return [...problems.values()].filter((p) => p.file === dataDir || p.file.startsWith(prefix)).map((p) => ({ ...p }));
}

/** Call `listener` whenever a problem is added, reworded or cleared; returns the unsubscribe. */
export function onDataProblems(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
