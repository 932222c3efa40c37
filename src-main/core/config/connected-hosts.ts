/**
 * Switchboard's record of the hosts connected through its gateway (issue 31 item 1, docs/gateway.md
 * § Connecting a host): `<dataDir>/connected-hosts.json`, 0600, written by `gateway:connect` and
 * read by discovery (connected-view.ts) and `gateway:doors`.
 *
 * Shape: `{ "version": 1, "hosts": { "<host id>": ConnectRecord } }`. The record names files, entry
 * names and digests only — never an entry's values: the original bytes of each file written are
 * kept in a 0600 copy beside it (`<dataDir>/connected/<file name>.<hash>.orig`), which may hold the
 * literal secrets the host's file held (as `backups/` does; the folder is private).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { join } from 'node:path';
import { HostIdSchema, ScopeSchema, type HostId, type Scope } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { readDataText, writeDataFile } from '../data/data-files.js';
import { backupPrefix } from './file-backups.js';

/** The record's file name in the data folder. */
export const CONNECTED_HOSTS_FILE = 'connected-hosts.json';
/** The folder (in the data folder) of the original files' copies. */
export const CONNECTED_COPIES_DIR = 'connected';

/** One server entry a connect wrote a gateway entry for. */
export interface ConnectedEntry {
  /** The server's name (the gateway entry of `each` mode has the same name). */
  name: string;
  /** The container path of the server map or list in the file (`['mcpServers']`, `['projects', '<dir>', 'mcpServers']`). */
  container: string[];
  /** True: the original entry was in this file and was replaced (it is restored from the copy); false: a gateway entry was added in front of a project file's entry. */
  moved: boolean;
}

/** One host file a connect wrote. */
export interface ConnectedFile {
  path: string;
  /** The scope of the entries written there (Claude Code `local` when fronting a project file). */
  scope: Scope;
  /** The 0600 copy of the file's bytes before the connect. */
  copy: string;
  /** SHA-256 (hex) of the text before and after the connect (without a byte order mark). */
  before: string;
  after: string;
  entries: ConnectedEntry[];
  /** The gateway entries written: each entry's own name (`each`), or one `switchboard` (`one`), with their containers. */
  gateway: { name: string; container: string[] }[];
  /** Secret-store accounts of the literal secrets set apart from the copy (connect/connect-secrets.ts); absent: none. */
  secrets?: string[];
}

/** What `connect` did for one host. */
export interface ConnectRecord {
  host: HostId;
  mode: 'each' | 'one';
  /** The project folder the connect was made for. */
  project: string;
  /** ISO time of the connect. */
  at: string;
  files: ConnectedFile[];
}

const EntrySchema = z.object({ name: z.string(), container: z.array(z.string()), moved: z.boolean() });
const FileSchema = z.object({
  path: z.string(),
  scope: ScopeSchema,
  copy: z.string(),
  before: z.string(),
  after: z.string(),
  entries: z.array(EntrySchema),
  gateway: z.array(z.object({ name: z.string(), container: z.array(z.string()) })),
  secrets: z.array(z.string()).optional(),
});
const RecordSchema = z.object({ host: HostIdSchema, mode: z.enum(['each', 'one']), project: z.string(), at: z.string(), files: z.array(FileSchema) });
const FileShape = z.object({ version: z.literal(1), hosts: z.record(z.string(), RecordSchema) });

/**
 * Whether `connect` put `host` behind the gateway (`file` given: and wrote that file of it), per
 * `connected-hosts.json` in `dataDir`. Such a file holds gateway entries now, so per-tool switches of
 * its servers are kept in Switchboard and applied by the gateway (docs/gateway.md § Connecting a host).
 */
export function isConnected(dataDir: string, host: HostId, file?: string): boolean {
  const record = readConnectedHosts(dataDir)[host];
  return record !== undefined && (file === undefined || record.files.some((f) => f.path === file));
}

/** SHA-256 (hex) of `text` without a leading byte order mark. */
export const textDigest = (text: string): string => createHash('sha256').update(text.replace(/^\uFEFF/, '')).digest('hex');

/** The record's path in `dataDir`. */
export const connectedHostsPath = (dataDir: string): string => join(dataDir, CONNECTED_HOSTS_FILE);

/** The copy path of the original of `file`. */
export const connectedCopyPath = (dataDir: string, file: string): string => join(dataDir, CONNECTED_COPIES_DIR, `${backupPrefix(file)}orig`);

/** Every host's record, by host id; empty when the file is missing or does not parse (never throws). */
export function readConnectedHosts(dataDir: string): Partial<Record<HostId, ConnectRecord>> {
  let text: string;
  try {
    text = readDataText(connectedHostsPath(dataDir));
  } catch {
    return {};
  }
  try {
    const parsed = FileShape.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data.hosts as Partial<Record<HostId, ConnectRecord>>) : {};
  } catch {
    return {};
  }
}

/** Write (`record`) or drop (`undefined`) the record of `host`: atomic, 0600. */
export async function writeConnectedHost(dataDir: string, host: HostId, record: ConnectRecord | undefined): Promise<void> {
  const hosts = { ...readConnectedHosts(dataDir) };
  if (record) hosts[host] = record;
  else delete hosts[host];
  await writeDataFile(connectedHostsPath(dataDir), `${JSON.stringify({ version: 1, hosts }, null, 2)}\n`);
}

/**
 * Throws BAD_REQUEST when `name` in `file` is an entry a connect replaced by a gateway entry: an edit
 * there would change the gateway entry, not the server (and disconnect would put the original back).
 */
export function assertNotConnected(dataDir: string, file: string, name: string): void {
  for (const record of Object.values(readConnectedHosts(dataDir))) {
    const hit = record.files.some((f) => f.path === file && f.entries.some((e) => e.moved && e.name === name));
    if (hit) {
      throw new CoreError('BAD_REQUEST', `Server "${name}" in ${file} is connected through the gateway (its entry there is Switchboard's gateway entry now): disconnect first (switchboard disconnect ${record.host}), change it, then connect again`);
    }
  }
}

// Markers of secrets set apart from a kept copy (connect/connect-secrets.ts puts them in; discovery and disconnect reveal them).
const MARKER = /@@switchboard-connected-secret:([A-Za-z0-9:._-]+)@@/g;
/** The marker of `account` in a kept copy (connect/connect-secrets.ts). */
export const secretMarker = (account: string): string => `@@switchboard-connected-secret:${account}@@`;

/** `text` with each marker replaced by `values[account]`; undefined when one has no value. */
export function revealWith(text: string, values: ReadonlyMap<string, string>): string | undefined {
  let missing = false;
  const out = text.replace(MARKER, (_m, account: string) => {
    const v = values.get(account);
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? undefined : out;
}

/** The accounts `text`'s markers name. */
export const markedAccounts = (text: string): string[] => [...new Set([...text.matchAll(MARKER)].map((m) => m[1] ?? ''))];

/** `text` with its markers revealed from `get` (the secret store's read); undefined when one is missing. */
export async function revealSecrets(text: string, get: (account: string) => Promise<string | undefined | null>): Promise<string | undefined> {
  const values = new Map<string, string>();
  for (const account of markedAccounts(text)) {
    const v = await get(account).catch(() => undefined);
    if (typeof v === 'string') values.set(account, v);
  }
  return revealWith(text, values);
}
