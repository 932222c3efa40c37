/**
 * A connected host's file as discovery reads it (issue 31 item 1, docs/gateway.md § Connecting a
 * host): the text it would have without the connect. When the file is exactly as `connect` left it,
 * that is the copy of its original bytes; when someone changed it since, it is the current text
 * with Switchboard's gateway entries taken out and the moved originals put back (the same edit
 * `disconnect` writes). So a moved definition keeps its identity — host, file, scope, name, and the
 * entry itself — and with it its trust state, pins, toggles, sign-in and secret bindings; the gateway
 * entries are never read, so they never shadow the originals nor get run.
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import { HOST_LABELS, type ConfigWarning, type HostId } from '../../../src-shared/config/server.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';
import { readDataText } from '../data/data-files.js';
import { nodeAt, type ReadDocumentOptions, type ReadOutcome } from '../files/jsonc-document.js';
import { readConfigTextOutcome } from '../files/read-config-text.js';
import { parseAnyText, readAnyDocument, type ConfigFormat } from '../files/structured-document.js';
import { readConnectedHosts, revealSecrets, textDigest, type ConnectedFile } from './connected-hosts.js';
import { editorFor } from './format-editors.js';
import { isSwitchboardGatewayEntry } from './gateway-entry.js';
import { HOST_SHAPES } from './host-shapes.js';

/** Where an entry named `name` sits under `container` (a map key or a list item with that `name`). */
export function locateEntry(text: string, file: string, format: ConfigFormat, container: (string | number)[], name: string): { path: (string | number)[]; node: Node } | undefined {
  const doc = parseAnyText(file, text, format);
  const holder = nodeAt(doc, container);
  if (holder?.type === 'array') {
    const index = (holder.children ?? []).findIndex((el) => el.type === 'object' && el.children?.some((p) => p.children?.[0]?.value === 'name' && p.children[1]?.value === name));
    const node = holder.children?.[index];
    return node ? { path: [...container, index], node } : undefined;
  }
  if (holder?.type !== 'object') return undefined;
  const prop = [...(holder.children ?? [])].reverse().find((p) => p.children?.[0]?.value === name);
  const node = prop?.children?.[1];
  return node ? { path: [...container, name], node } : undefined;
}

/** How many items the list at `container` holds (0 when none or not a list). */
export function listLength(text: string, file: string, format: ConfigFormat, container: (string | number)[]): number | undefined {
  const holder = nodeAt(parseAnyText(file, text, format), container);
  return holder?.type === 'array' ? (holder.children?.length ?? 0) : undefined;
}

/** Whether a host entry's raw value starts Switchboard's gateway door (`command`/`cmd` and `args`). */
export function isGatewayValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const command = typeof v.command === 'string' ? v.command : typeof v.cmd === 'string' ? v.cmd : undefined;
  const args = Array.isArray(v.args) ? v.args.filter((a): a is string => typeof a === 'string') : [];
  if (isSwitchboardGatewayEntry({ command, args })) return true;
  // The HTTP door: a URL on 127.0.0.1 whose path is /mcp/<host>[...] (written by `connect --http`).
  const url = [v.url, v.serverUrl, v.httpUrl, v.uri].find((u): u is string => typeof u === 'string');
  return url !== undefined && /^http:\/\/(127\.0\.0\.1|localhost):\d+\/mcp\/[a-z-]+(\/|$)/.test(url);
}

/**
 * `current` with the connect undone entry by entry: each gateway entry the record names (and that
 * still starts the door) removed, each moved original (read from `original`) put back where none of
 * that name is. Everything else in `current` stays byte for byte. Throws INVALID_CONFIG when a text does not parse.
 */
export function entriesRestored(file: ConnectedFile, current: string, original: string, format: ConfigFormat): string {
  const editor = editorFor(format);
  let text = current;
  for (const g of file.gateway) {
    const found = locateEntry(text, file.path, format, g.container, g.name);
    if (found && isGatewayValue(getNodeValue(found.node))) text = editor.removeEntry(text, found.path);
  }
  for (const e of file.entries.filter((x) => x.moved)) {
    const was = locateEntry(original, file.path, format, e.container, e.name);
    if (!was || locateEntry(text, file.path, format, e.container, e.name)) continue;
    const value = getNodeValue(was.node) as Record<string, unknown>;
    const length = listLength(text, file.path, format, e.container);
    text = editor.addEntry(text, e.container, length ?? e.name, value);
  }
  return text;
}

/** The text `file` has without the connect (see the file's comment), `exact` when it is the original byte for byte. */
export function withoutConnect(file: ConnectedFile, current: string, original: string, format: ConfigFormat): { text: string; exact: boolean } {
  if (textDigest(current) === file.after) return { text: original.replace(/^\uFEFF/, ''), exact: true };
  return { text: entriesRestored(file, current.replace(/^\uFEFF/, ''), original.replace(/^\uFEFF/, ''), format), exact: false };
}

/** What discovery needs of the record: each connected file's view, and one note per connected host. */
export interface ConnectedView {
  /** The text discovery reads for `path` in place of `text`, or undefined when the file is not connected. */
  textOf(path: string, text: string): string | undefined;
  notes: ConfigWarning[];
}

/**
 * The view of `dataDir`'s record, or undefined when no host is connected. Each kept copy is read
 * (its secrets revealed through `secretValue`) once per discovery; a copy that cannot be read or
 * revealed leaves its file read as it is, with a note. Never throws.
 */
export async function connectedView(dataDir: string, secretValue?: (account: string) => Promise<string | undefined | null>): Promise<ConnectedView | undefined> {
  const records = Object.values(readConnectedHosts(dataDir));
  if (records.length === 0) return undefined;
  const byPath = new Map<string, { file: ConnectedFile; host: HostId; original: string }>();
  const notes: ConfigWarning[] = [];
  for (const r of records) {
    for (const file of r.files) {
      const note = (message: string): number => notes.push({ file: file.path, ...warningCode('gateway-door'), message });
      let original: string | undefined;
      try {
        const copy = readDataText(file.copy);
        original = (file.secrets?.length ?? 0) > 0 ? (secretValue ? await revealSecrets(copy, secretValue) : undefined) : copy;
      } catch {
        original = undefined;
      }
      if (original === undefined) {
        note(`${HOST_LABELS[r.host]} is connected through Switchboard's gateway (${r.mode}), but the original of ${file.path} (${file.copy}${(file.secrets?.length ?? 0) > 0 ? ' and its secrets in the secret store' : ''}) cannot be read: its gateway entries are listed as they are`);
        continue;
      }
      byPath.set(file.path, { file, host: r.host, original });
      note(`${HOST_LABELS[r.host]} is connected through Switchboard's gateway (${r.mode}): ${file.path} names the gateway; its servers run in Switchboard (switchboard disconnect ${r.host} puts them back)`);
    }
  }
  return {
    notes,
    textOf(path, text) {
      const hit = byPath.get(path);
      if (!hit) return undefined;
      try {
        return withoutConnect(hit.file, text, hit.original, HOST_SHAPES[hit.host].format(path)).text;
      } catch {
        return undefined; // a text that does not parse: read the file as it is
      }
    },
  };
}

/** `readAnyDocument`, reading a connected file through `view`. */
export async function readViewedDocument(path: string, format: ConfigFormat, options: ReadDocumentOptions, view: ConnectedView | undefined): Promise<ReadOutcome> {
  if (!view) return readAnyDocument(path, format, options);
  const read = await readConfigTextOutcome(path);
  if (read.kind !== 'text') return readAnyDocument(path, format, options);
  const text = view.textOf(path, read.text);
  return text === undefined ? readAnyDocument(path, format, options) : { kind: 'parsed', doc: parseAnyText(path, text, format, options) };
}
