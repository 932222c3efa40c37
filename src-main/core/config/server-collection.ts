/**
 * Reading a collection of server entries out of a parsed config file: a name-keyed map (most
 * hosts) or a list of objects with `name` (ChatCLI). Handles what is common to every host: entries
 * broken by a syntax error, repeated names inside one file, entries that are not objects.
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import type { ConfigWarning, ServerDefinition } from '../../../src-shared/config/server.js';
import { containsSyntaxError, jsonTypeOf, type ConfigDocument } from '../files/jsonc-document.js';
import { normalizeEntry, type EntrySource, type HostRules } from './normalize-entry.js';
import { warningCode, type ConfigWarningCode } from '../../../src-shared/config/warning-codes.js';

/** Definitions (file order) and warnings read from one collection. */
export interface CollectionOutput {
  servers: ServerDefinition[];
  warnings: ConfigWarning[];
}

interface RawEntry {
  name: string;
  /** Where the entry starts (its key, or its `{` in a list). */
  offset: number;
  value: Node;
}

function warningAt(doc: ConfigDocument, offset: number, code: ConfigWarningCode, message: string, server?: string): ConfigWarning {
  return { file: doc.path, ...doc.lines.at(offset), ...(server !== undefined ? { server } : {}), message, ...warningCode(code) };
}

/**
 * Normalise a list of raw entries: an entry with a syntax error inside is skipped (the recovering
 * parser only guessed it); a name repeated in one file keeps the later entry, as `JSON.parse`-based
 * hosts do, and warns at the earlier one.
 */
function normalizeAll(entries: RawEntry[], rules: HostRules, src: EntrySource): CollectionOutput {
  const { doc } = src;
  const out: CollectionOutput = { servers: [], warnings: [] };
  const lastIndex = new Map<string, number>();
  entries.forEach((e, i) => lastIndex.set(e.name, i));
  entries.forEach((entry, i) => {
    const { name, offset, value } = entry;
    if (name.trim() === '') {
      out.warnings.push(warningAt(doc, offset, 'entry-wrong-type', `A server with an empty name ${JSON.stringify(name)} is skipped: give it a name`));
      return;
    }
    if (lastIndex.get(name) !== i) {
      const later = entries[lastIndex.get(name)!]!;
      out.warnings.push(warningAt(doc, offset, 'duplicate-name', `Server "${name}" is defined again at line ${doc.lines.at(later.offset).line}; the later definition is used`, name));
      return;
    }
    if (containsSyntaxError(doc, value)) {
      out.warnings.push(warningAt(doc, offset, 'entry-syntax-error', `Server "${name}": skipped, its entry contains a syntax error`, name));
      return;
    }
    if (value.type !== 'object') {
      out.warnings.push(warningAt(doc, offset, 'entry-wrong-type', `Server "${name}": entry must be an object, got ${jsonTypeOf(getNodeValue(value))}`, name));
      return;
    }
    const result = normalizeEntry(name, offset, value, rules, src);
    out.warnings.push(...result.warnings);
    if (result.definition) out.servers.push(result.definition);
  });
  return out;
}

/**
 * Read a name-keyed map of servers (`{"mcpServers": {name: {…}}}`). `mapNode` undefined (key
 * absent) yields nothing; a node that is not an object yields one warning. `label` names the key in
 * messages (e.g. `mcpServers`).
 */
export function readServerMap(mapNode: Node | undefined, label: string, rules: HostRules, src: EntrySource): CollectionOutput {
  const { doc } = src;
  if (!mapNode) return { servers: [], warnings: [] };
  if (mapNode.type !== 'object') {
    return { servers: [], warnings: [warningAt(doc, mapNode.offset, 'collection-wrong-type', `"${label}" must be an object of servers, got ${mapNode.type}`)] };
  }
  const entries: RawEntry[] = [];
  for (const prop of mapNode.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (!key || typeof key.value !== 'string' || !value) continue; // only a syntax error leaves these out; already warned
    entries.push({ name: key.value, offset: key.offset, value });
  }
  return normalizeAll(entries, rules, src);
}

/**
 * Read a list of server objects that carry their `name` (ChatCLI's `{"mcpServers": [{name, …}]}`).
 * An element without a non-empty string `name` is skipped with a warning.
 */
export function readServerList(listNode: Node | undefined, label: string, rules: HostRules, src: EntrySource): CollectionOutput {
  const { doc } = src;
  if (!listNode) return { servers: [], warnings: [] };
  if (listNode.type !== 'array') {
    return { servers: [], warnings: [warningAt(doc, listNode.offset, 'collection-wrong-type', `"${label}" must be an array of servers, got ${listNode.type}`)] };
  }
  const warnings: ConfigWarning[] = [];
  const entries: RawEntry[] = [];
  (listNode.children ?? []).forEach((element, i) => {
    if (element.type !== 'object') {
      warnings.push(warningAt(doc, element.offset, 'entry-wrong-type', `"${label}"[${i}] must be an object, got ${element.type}`));
      return;
    }
    const nameProp = element.children?.find((p) => p.children?.[0]?.value === 'name');
    const name = nameProp?.children?.[1]?.value;
    if (typeof name !== 'string' || name === '') {
      warnings.push(warningAt(doc, element.offset, 'entry-wrong-type', `"${label}"[${i}] has no "name"; skipped`));
      return;
    }
    entries.push({ name, offset: element.offset, value: element });
  });
  const out = normalizeAll(entries, { ...rules, nameInEntry: true }, src);
  return { servers: out.servers, warnings: [...warnings, ...out.warnings] };
}
