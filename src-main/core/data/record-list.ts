/**
 * A data-folder file holding `{ "version": 1, "servers": [record] }` — the origin records
 * (install/registry-origins.ts, cards/card-origins.ts). Written through the data-file rules
 * (data-files.ts: atomic, `.prev` kept). Reading: a missing or unreadable file reads as `[]`, a record
 * of another shape is skipped (a record of where a definition came from is never a reason to lose the
 * definition). Writing never drops what it could not read: a file that exists but does not read is
 * refused (INVALID_CONFIG naming it; nothing written), and a record of another shape is kept as it is.
 * A record ends with its definition (`dropRecord`, from `config:remove`).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { CoreError } from '../facade/errors.js';
import { readDataOutcome, writeDataFile } from './data-files.js';

const Envelope = z.object({ version: z.literal(1), servers: z.array(z.unknown()) });

/** The file's raw records; `[]` when missing; a message when it exists but does not read. */
function readRaw(file: string): { items: unknown[] } | { problem: string } {
  const read = readDataOutcome(file);
  if (read.kind === 'missing') return { items: [] };
  if (read.kind !== 'text') return { problem: read.message };
  try {
    const parsed = Envelope.safeParse(JSON.parse(read.text));
    return parsed.success ? { items: parsed.data.servers } : { problem: 'it is not {"version": 1, "servers": [...]}' };
  } catch (err) {
    return { problem: `it is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** The records of `file` that pass `record` (others skipped); `[]` when missing, unreadable or of another shape. */
export function readRecordList<T>(file: string, record: z.ZodType<T>): T[] {
  const raw = readRaw(file);
  if (!('items' in raw)) return [];
  return raw.items.flatMap((item) => {
    const parsed = record.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Keep `entry` in `file`, replacing an earlier record for the same `server` and `file`; records of
 * another shape stay untouched. Throws INVALID_CONFIG (nothing written) when the file exists but
 * does not read, rather than rewriting it with the one record.
 */
export async function putRecord<T extends { server: string; file: string }>(file: string, record: z.ZodType<T>, entry: T): Promise<void> {
  const raw = readRaw(file);
  if (!('items' in raw)) throw new CoreError('INVALID_CONFIG', `${file} could not be read, so it was not rewritten (that would lose its records): ${raw.problem}. Fix or remove it, then try again.`);
  const servers = raw.items.filter((item) => {
    const parsed = record.safeParse(item);
    return !(parsed.success && parsed.data.server === entry.server && parsed.data.file === entry.file);
  });
  servers.push(entry);
  await writeDataFile(file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
}

/**
 * Drop the record of definition `server` in `defFile` from `file`; records of another shape stay
 * untouched. Nothing is written when there is no such record, or when the file does not read (a
 * removal never rewrites what it could not read; the record then simply stays).
 */
export async function dropRecord<T extends { server: string; file: string }>(file: string, record: z.ZodType<T>, server: string, defFile: string): Promise<boolean> {
  const raw = readRaw(file);
  if (!('items' in raw)) return false;
  const servers = raw.items.filter((item) => {
    const parsed = record.safeParse(item);
    return !(parsed.success && parsed.data.server === server && resolve(parsed.data.file) === resolve(defFile));
  });
  if (servers.length === raw.items.length) return false;
  await writeDataFile(file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
  return true;
}
