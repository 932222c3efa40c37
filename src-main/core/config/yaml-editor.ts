/**
 * YAML edits (format-editors.ts): range edits on the positions `yaml`'s Document API gives, so every
 * byte outside the edited node stays as it was (docs/operator-verbs.md).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Document, type Node as YamlNode, type Pair } from 'yaml';
import { LineIndex } from '../files/jsonc-document.js';
import { CoreError } from '../facade/errors.js';
import { eolOf, unparseable, lineStart, lineEndIncl, trimBack, splice, type Path, type FormatEditor } from './format-edit-kit.js';

const YAML_PLAIN = /^[A-Za-z_/.][A-Za-z0-9_./:@+-]*$/;
const YAML_RESERVED = /^(true|false|yes|no|on|off|null|~|y|n)$/i;

/** A value as a one-line YAML flow node (JSON is valid YAML flow; plain scalars when safe). */
export function yamlFlow(value: unknown): string {
  if (typeof value === 'string') return YAML_PLAIN.test(value) && !YAML_RESERVED.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(yamlFlow).join(', ')}]`;
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${yamlFlow(k)}: ${yamlFlow(v)}`).join(', ')} }`;
  return JSON.stringify(value ?? null);
}

function yamlDoc(file: string, text: string): Document {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = new LineIndex(text).at(e.pos[0]);
    throw unparseable(file, e.message.split('\n')[0]!, pos.line, pos.column);
  }
  return doc;
}

function yamlPair(doc: Document, path: Path): { pair?: Pair<YamlNode, YamlNode>; parent?: YamlNode } {
  let node: unknown = doc.contents;
  let pair: Pair<YamlNode, YamlNode> | undefined;
  let parent: YamlNode | undefined;
  for (const seg of path) {
    parent = node as YamlNode;
    if (isMap(node)) {
      pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg)) as Pair<YamlNode, YamlNode> | undefined;
      node = pair?.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      pair = undefined;
      node = node.items[seg];
    } else return {};
    if (node === undefined) return { parent };
  }
  return { pair, parent };
}

function yamlNodeAt(doc: Document, path: Path): YamlNode | undefined {
  return path.length === 0 ? (doc.contents as YamlNode) : (doc.getIn(path, true) as YamlNode | undefined);
}

/** The first YAML anchor (`&name`) in `node` or below it, or undefined. */
function anchorWithin(node: YamlNode | undefined): string | undefined {
  if (!node) return undefined;
  let found: string | undefined;
  visit(node, {
    Node(_, n) {
      const anchor = (n as { anchor?: string }).anchor;
      if (anchor) {
        found = anchor;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Refuse to change an entry other entries share through YAML anchors and aliases (goose's config can
 * hold `b: *a`): editing an anchored map changes every alias of it, removing it leaves the aliases
 * dangling (the whole file stops parsing), and an alias has no text of its own to edit. Throws
 * INVALID_CONFIG naming the entry; the file is not changed.
 */
function refuseShared(path: Path, node: YamlNode | undefined, action: 'edit' | 'remove'): void {
  const where = `"${path.map(String).join('.')}"`;
  if (isAlias(node)) throw new CoreError('INVALID_CONFIG', `Invalid server config: ${where} is a YAML alias (*${node.source}) of another entry; ${action} it in the file itself (or replace the alias with its own map first); it was not changed`);
  const anchor = action === 'remove' ? anchorWithin(node) : (node as { anchor?: string } | undefined)?.anchor;
  if (anchor) throw new CoreError('INVALID_CONFIG', `Invalid server config: ${where} holds the YAML anchor &${anchor} that other entries may share (*${anchor}); to ${action} it here would change or break them — ${action} it in the file itself; it was not changed`);
}

/** Indentation (column) of the first item of a block map/seq, or undefined. */
function blockIndent(text: string, node: YamlNode): number | undefined {
  const first = isMap(node) ? (node.items[0]?.key as YamlNode | undefined) : isSeq(node) ? (node.items[0] as YamlNode | undefined) : undefined;
  const at = first?.range?.[0];
  if (at === undefined) return undefined;
  const ls = lineStart(text, at);
  const prefix = text.slice(ls, at);
  return isSeq(node) ? prefix.replace(/-\s*$/, '').length : prefix.length;
}

function yamlBlock(entry: Record<string, unknown>, indent: number, eol: string): string {
  const pad = ' '.repeat(indent);
  return Object.entries(entry).map(([k, v]) => `${pad}${yamlFlow(k)}: ${yamlFlow(v)}`).join(eol);
}

export const yamlEditor: FormatEditor = {
  check(file, text) {
    if (text.trim() === '') return;
    const doc = yamlDoc(file, text);
    if (doc.contents && !isMap(doc.contents)) throw new CoreError('INVALID_CONFIG', `Invalid server config: ${file} must contain a YAML map; it was not changed`);
  },
  setKey(text, entry, key, value) {
    const doc = yamlDoc('', text);
    const eol = eolOf(text);
    const map = yamlNodeAt(doc, entry);
    refuseShared(entry, map, 'edit');
    refuseShared([...entry, key], map && isMap(map) ? (map.get(key, true) as YamlNode | undefined) : undefined, 'edit');
    if (!isMap(map) || !map.range) throw new CoreError('INVALID_CONFIG', 'Invalid server config: the entry is not a YAML map');
    if (map.flow) {
      const obj = { ...(map.toJSON() as Record<string, unknown>) };
      if (value === undefined) delete obj[key];
      else obj[key] = value;
      return splice(text, map.range[0], trimBack(text, map.range[0], map.range[1]), yamlFlow(obj));
    }
    const { pair } = yamlPair(doc, [...entry, key]);
    if (pair) {
      const keyRange = pair.key.range!;
      const valueEnd = pair.value?.range ? pair.value.range[1] : keyRange[1];
      if (value === undefined) {
        const start = lineStart(text, keyRange[0]);
        const before = text.slice(start, keyRange[0]);
        if (before.trim() === '') return splice(text, start, lineEndIncl(text, trimBack(text, keyRange[1], valueEnd)), '');
        // First key of a list item (`- name: x`): keep the dash, drop the key.
        const next = lineEndIncl(text, trimBack(text, keyRange[1], valueEnd));
        const rest = text.slice(next);
        const indent = /^( *)\S/.exec(rest)?.[1] ?? '';
        if (before.trim() === '-' && indent.length === before.length) return splice(text, keyRange[0], next + indent.length, '');
      }
      const colon = text.indexOf(':', keyRange[1]);
      return splice(text, colon + 1, trimBack(text, colon + 1, Math.max(valueEnd, colon + 1)), ` ${yamlFlow(value)}`);
    }
    if (value === undefined) return text;
    if (map.items.length === 0) {
      const obj = { ...(map.toJSON() as Record<string, unknown>), [key]: value };
      return splice(text, map.range[0], trimBack(text, map.range[0], map.range[1]), yamlFlow(obj));
    }
    const indent = blockIndent(text, map) ?? 2;
    const end = trimBack(text, map.range[0], map.range[1]);
    const at = lineEndIncl(text, end) - (text[lineEndIncl(text, end) - 1] === '\n' ? 1 : 0);
    const lineBreakBefore = text[at - 1] === '\r' ? at - 1 : at;
    return splice(text, lineBreakBefore, lineBreakBefore, `${eol}${' '.repeat(indent)}${yamlFlow(key)}: ${yamlFlow(value)}`);
  },
  addEntry(text, container, name, entry) {
    const eol = eolOf(text);
    const doc = text.trim() === '' ? undefined : yamlDoc('', text);
    const node = doc ? yamlNodeAt(doc, container) : undefined;
    const isList = typeof name === 'number';
    const body = (indent: number): string =>
      isList
        ? `${' '.repeat(indent)}- ${yamlBlock(entry, indent + 2, eol).trimStart()}`
        : `${' '.repeat(indent)}${yamlFlow(name)}:${eol}${yamlBlock(entry, indent + 2, eol)}`;
    if (!node || ((isMap(node) || isSeq(node)) && node.items.length === 0)) {
      // Container missing or empty: write it as a block at the end of the file (or in place of `{}` / `[]`).
      if (node?.range && doc) {
        const { pair } = yamlPair(doc, container);
        const colon = text.indexOf(':', pair!.key.range![1]);
        return splice(text, colon + 1, trimBack(text, colon + 1, node.range[1]), `${eol}${body(2)}`);
      }
      const sep = text === '' || text.endsWith('\n') ? '' : eol;
      return `${text}${sep}${container.map(String).join('.')}:${eol}${body(2)}${eol}`;
    }
    if (!(isMap(node) || isSeq(node)) || node.flow || !node.range) throw new CoreError('INVALID_CONFIG', `Invalid server config: "${container.join('.')}" is not a block map or list`);
    const indent = blockIndent(text, node) ?? 2;
    const end = trimBack(text, node.range[0], node.range[1]);
    const eolAt = lineEndIncl(text, end);
    const at = text[eolAt - 1] === '\n' ? eolAt - (text[eolAt - 2] === '\r' ? 2 : 1) : eolAt;
    return splice(text, at, at, `${eol}${body(indent)}`);
  },
  removeEntry(text, entry) {
    const doc = yamlDoc('', text);
    const node = yamlNodeAt(doc, entry);
    if (!node?.range) return text;
    if (!isAlias(node)) refuseShared(entry, node, 'remove'); // removing an alias line leaves its anchor intact
    const { pair } = yamlPair(doc, entry);
    const startAt = pair ? pair.key.range![0] : node.range[0];
    const start = lineStart(text, startAt);
    const end = lineEndIncl(text, trimBack(text, startAt, node.range[1]));
    return splice(text, start, end, '');
  },
};
