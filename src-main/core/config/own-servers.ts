/**
 * Switchboard's own `servers.json` writer (docs/server-model.md "writing is strict", §5 config writes):
 * validated, atomic, comment- and unknown-key-preserving, never rewriting a file that fails to
 * parse, re-reading before writing, and keeping the previous version in `backups/`.
 */
import { join } from 'node:path';
import { applyEdits, modify, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { MCPServerSchema, type MCPServer } from '../../../src-shared/config/server.js';
import { invalidConfigMessage, nestingProblem, validateServerConfig, validateServerName } from '../../../src-shared/config/validate.js';
import { CoreError } from '../facade/errors.js';
import { DATA_FILES } from '../data/paths.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { OwnWriteRecorder } from '../files/own-writes.js';
import { withFileLock } from './file-lock.js';
import { NotUtf8Error, readConfigText } from '../files/read-config-text.js';
import { backupFile, serialised } from './file-backups.js';
import { LineIndex, propertyNode } from '../files/jsonc-document.js';

/** Attempts when the file changes between our read and our write. */
const MAX_ATTEMPTS = 3;

/** Canonical field order of an entry we write; `name` is the key, never a field. */
const FIELD_ORDER = [
  'transport', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'enabled', 'timeout', 'auth',
  'enabledTools', 'disabledTools', 'autoApprove', 'overrides', 'channels', 'description', 'tags', 'category', 'protocol',
] as const;

/**
 * The JSON entry written for a server: typed fields in canonical order with an explicit
 * `transport`, `enabled` only when false, then every `extensions` key not already written.
 */
export function serializeServerEntry(server: MCPServer): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) {
    const value = server[key];
    if (value === undefined) continue;
    if (key === 'enabled' && value === true) continue;
    entry[key] = value;
  }
  for (const [key, value] of Object.entries(server.extensions ?? {})) {
    if (!(key in entry) && key !== 'name') entry[key] = value;
  }
  return entry;
}

/** Write-side checks (docs/server-model.md): shape, transport rules, name rule. Throws INVALID_CONFIG. */
function assertWritable(server: MCPServer): void {
  // Checked first, alone: nothing below walks a value nested thousands of levels deep.
  const deep = nestingProblem(server);
  if (deep) throw new CoreError('INVALID_CONFIG', invalidConfigMessage([deep]));
  const errors: string[] = [];
  const shape = MCPServerSchema.safeParse(server);
  if (!shape.success) errors.push(...shape.error.issues.map((i) => `${i.path.join('.') || 'server'}: ${i.message}`));
  const nameError = validateServerName(server.name ?? '');
  if (nameError) errors.push(nameError);
  const outcome = validateServerConfig({ transport: server.transport, command: server.command, url: server.url });
  if (!outcome.ok) errors.push(...outcome.errors);
  if (errors.length > 0) throw new CoreError('INVALID_CONFIG', invalidConfigMessage(errors));
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readConfigText(path, { forEdit: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof NotUtf8Error) throw new CoreError('INVALID_CONFIG', `Invalid server config: cannot read ${path}: ${err.message}; it was not changed`);
    throw err;
  }
}

/** The edited text, or a thrown INVALID_CONFIG/CONFLICT; `raw` undefined means a new file. */
function withServerAdded(path: string, raw: string | undefined, server: MCPServer): string {
  const bom = raw?.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const text = (raw ?? '').slice(bom.length);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indentMatch = /^([ \t]+)\S/m.exec(text);
  const insertSpaces = !indentMatch || !indentMatch[1]!.startsWith('\t');
  const tabSize = indentMatch && insertSpaces ? indentMatch[1]!.length : 2;
  if (text.trim() !== '') {
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
    const lines = new LineIndex(text);
    if (errors.length > 0) {
      const e = errors[0]!;
      const pos = lines.at(e.offset);
      throw new CoreError(
        'INVALID_CONFIG',
        `Invalid server config: ${path} does not parse (${printParseErrorCode(e.error)} at line ${pos.line}, column ${pos.column}); fix it first, it was not changed`,
      );
    }
    if (!root || root.type !== 'object') {
      throw new CoreError('INVALID_CONFIG', `Invalid server config: ${path} must contain a JSON object; it was not changed`);
    }
    const map = propertyNode(root, 'mcpServers')?.children?.[1];
    if (map && map.type !== 'object') {
      const pos = lines.at(map.offset);
      throw new CoreError('INVALID_CONFIG', `Invalid server config: "mcpServers" in ${path} (line ${pos.line}) must be an object; it was not changed`);
    }
    if (propertyNode(map, server.name)) throw new CoreError('BAD_REQUEST', `Server "${server.name}" already exists in ${path}`);
  }
  const source = text.trim() === '' ? '' : text;
  const edits = modify(source, ['mcpServers', server.name], serializeServerEntry(server), {
    formattingOptions: { insertSpaces, tabSize, eol },
  });
  let out = applyEdits(source, edits);
  if (!out.endsWith(eol)) out += eol;
  return bom + out;
}

/**
 * Add `server` to `<dataDir>/servers.json` (created with its folder when missing) and return the
 * file's path. Keeps other entries, comments, formatting and unknown keys (jsonc `modify`); always
 * writes an explicit `transport`; writes atomically after a backup of the previous version.
 *
 * Throws `CoreError('INVALID_CONFIG', 'Invalid server config: …')` for an invalid server or name,
 * or when the existing file does not parse (the message names file, line and column; the file is
 * never rewritten); `CoreError('BAD_REQUEST', 'Server "<name>" already exists in <path>')` for a
 * duplicate name (bad input, like an invalid config: the CLI exits 64; issue 28 item 10). docs/server-model.md, §5.
 * `ownWrites`: told the new content's signature (the core's own write: its watcher skips it).
 */
export async function addOwnServer(dataDir: string, server: MCPServer, ownWrites?: OwnWriteRecorder): Promise<string> {
  assertWritable(server);
  const path = join(dataDir, DATA_FILES.servers);
  return serialised(path, () => withFileLock(path, async (lock) => {
    for (let attempt = 1; ; attempt++) {
      const before = await readText(path);
      const next = withServerAdded(path, before, server);
      const now = await readText(path);
      if (now !== before) {
        if (attempt >= MAX_ATTEMPTS) throw new CoreError('CONFLICT', `${path} keeps changing while we write it; try again`);
        continue; // another writer got there first: redo the edit on the new text
      }
      if (before !== undefined) await backupFile(dataDir, path);
      await writeFileAtomic(path, next, { expected: before ?? null, beforeRename: async () => lock.assertHeld(), ownWrites });
      return path;
    }
  }));
}

/**
 * The bundled reference server's entry (server-everything over stdio), launched as given —
 * e.g. `{command: process.execPath, args: [resolveReferenceServerScript(), 'stdio']}`.
 */
export function referenceServerEntry(launch: { command: string; args: string[]; env?: Record<string, string> }): MCPServer {
  return {
    name: 'everything',
    transport: 'stdio',
    command: launch.command,
    args: [...launch.args],
    ...(launch.env ? { env: { ...launch.env } } : {}),
    enabled: true,
    description: 'MCP reference server (bundled)',
  };
}
