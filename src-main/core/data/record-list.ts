/**
 * A data-folder file holding `{ "version": 1, "servers": [record] }` — the origin records
 * (install/registry-origins.ts, cards/card-origins.ts). Written through the data-file rules
 * (data-files.ts: atomic, `.prev` kept); a missing or unreadable file reads as `[]` (a record of
 * where a definition came from is never a reason to lose the definition). A record ends with its
 * definition (`dropRecord`, from `config:remove`).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { readDataOutcome, writeDataFile } from './data-files.js';

/** The records of `file` that pass `record`; `[]` when missing, unreadable or of another shape. */
export function readRecordList<T>(file: string, record: z.ZodType<T>): T[] {
  const read = readDataOutcome(file);
  if (read.kind !== 'text') return [];
  try {
    const parsed = z.object({ version: z.literal(1), servers: z.array(record) }).safeParse(JSON.parse(read.text));
    return parsed.success ? parsed.data.servers : [];
  } catch {
    return [];
  }
}

/** Keep `entry` in `file`, replacing an earlier record for the same `server` and `file`. */
export async function putRecord<T extends { server: string; file: string }>(file: string, record: z.ZodType<T>, entry: T): Promise<void> {
  const servers = readRecordList(file, record).filter((o) => !(o.server === entry.server && o.file === entry.file));
  servers.push(entry);
  await writeDataFile(file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
}

/** Drop the record of definition `server` in `defFile` from `file`; nothing is written when there is none. */
export async function dropRecord<T extends { server: string; file: string }>(file: string, record: z.ZodType<T>, server: string, defFile: string): Promise<boolean> {
  const before = readRecordList(file, record);
  const servers = before.filter((o) => !(o.server === server && resolve(o.file) === resolve(defFile)));
  if (servers.length === before.length) return false;
  await writeDataFile(file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
  return true;
}
