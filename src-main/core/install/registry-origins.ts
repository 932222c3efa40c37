/**
 * Where each definition installed from an MCP Registry came from (issue 36 item 3, docs/registry.md
 * § Install): `<dataDir>/registry-origins.json`, written through the data-file rules
 * (data/data-files.ts: atomic, `.prev` kept) after a registry install wrote the definition.
 *
 * Shape: `{ "version": 1, "servers": [{ "server", "file", "registry", "registryUrl", "name",
 * "version", "installedAt" }] }` — `server`/`file` the definition written (its name and file),
 * the rest the entry it came from. A host's file cannot carry this, so it is kept here for every
 * install (Switchboard's own file or a host's). `switchboard status` compares `version` with the
 * registry answers already cached (no registry is asked for it). `config:remove` drops the record
 * with its definition (`forgetOrigin`).
 */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { dropRecord, putRecord, readRecordList } from '../data/record-list.js';

/** The record's file name in the data folder. */
export const REGISTRY_ORIGINS_FILE = 'registry-origins.json';

const OriginSchema = z.object({
  server: z.string(),
  file: z.string(),
  registry: z.string(),
  registryUrl: z.string(),
  name: z.string(),
  version: z.string(),
  installedAt: z.string(),
});
export type RegistryOrigin = z.infer<typeof OriginSchema>;

/** The recorded origins; `[]` when the file is missing or unreadable (an unreadable record loses no definition). */
export function readOrigins(dataDir: string): RegistryOrigin[] {
  return readRecordList(join(dataDir, REGISTRY_ORIGINS_FILE), OriginSchema);
}

/** Record `origin`, replacing an earlier one for the same server name and file. */
export async function recordOrigin(dataDir: string, origin: RegistryOrigin): Promise<void> {
  await putRecord(join(dataDir, REGISTRY_ORIGINS_FILE), OriginSchema, origin);
}

/** Drop the origin of definition `server` in `file` (it was removed); the removed origin, or undefined. */
export async function forgetOrigin(dataDir: string, server: string, file: string): Promise<RegistryOrigin | undefined> {
  const origin = readOrigins(dataDir).find((o) => o.server === server && resolve(o.file) === resolve(file));
  if (origin !== undefined) await dropRecord(join(dataDir, REGISTRY_ORIGINS_FILE), OriginSchema, server, file);
  return origin;
}
