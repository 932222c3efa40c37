/**
 * Minimal text edits of config files (SPEC §5: comments and formatting kept; an edit touches only
 * the changed node). Three formats, one interface: JSON/JSONC through `jsonc-parser`'s `modify`;
 * YAML and TOML through range edits on the positions their parsers give (`yaml` Document nodes,
 * `toml-eslint-parser` AST), so every byte outside the edited node stays as it was.
 *
 * Paths: `entry` is the path of one server entry (`['mcpServers', 'name']`, `['mcp_servers',
 * 'name']`, `['mcpServers', 3]` in a list). Values are plain JSON values.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { parseTOML, type AST } from 'toml-eslint-parser';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode, type Pair } from 'yaml';
import { CoreError } from '../errors.js';
import { LineIndex } from './jsonc-document.js';
import type { ConfigFormat } from './structured-document.js';

type Path = (string | number)[];

/** Text edits of one format. Every method throws `CoreError('INVALID_CONFIG')` when the text does not parse. */
export interface FormatEditor {
  /** Throws INVALID_CONFIG (`… does not parse (…); fix it first, it was not changed`) for bad text. */
  check(file: string, text: string): void;
  /** Set (value) or delete (undefined) `key` of the entry at `entry`. */
  setKey(text: string, entry: Path, key: string, value: unknown): string;
  /** Add an entry: `name` into the map at `container`, or appended to the list when `name` is a number (its index). */
  addEntry(text: string, container: Path, name: string | number, entry: Record<string, unknown>): string;
  /** Remove the entry at `entry`. */
  removeEntry(text: string, entry: Path): string;
}

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');
const unparseable = (file: string, what: string, line?: number, column?: number): CoreError =>
  new CoreError(
    'INVALID_CONFIG',
    `Invalid server config: ${file} does not parse (${what}${line !== undefined ? ` at line ${line}, column ${column ?? 1}` : ''}); fix it first, it was not changed`,
  );

// ---------------------------------------------------------------- JSON / JSONC

function jsonFormatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const m = /^([ \t]+)\S/m.exec(text);
  const insertSpaces = !m || !m[1]!.startsWith('\t');
  return { insertSpaces, tabSize: m && insertSpaces ? Math.min(m[1]!.length, 8) : 2, eol: eolOf(text) };
}

/** A JSON value on one line, in the spacing people write by hand (`["a", "b"]`, `{ "k": "v" }`). */
export function jsonInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonInline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const body = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${jsonInline(v)}`).join(', ');
    return body === '' ? '{}' : `{ ${body} }`;
  }
  return JSON.stringify(value);
}

/** A JSON value pretty-printed, continuation lines starting with `base`. */
function jsonPretty(value: unknown, unit: string, base: string, eol: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, eol + base);
}

function jsonRoot(file: string, text: string): JsonNode | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const pos = new LineIndex(text).at(errors[0]!.offset);
    throw unparseable(file, printParseErrorCode(errors[0]!.error), pos.line, pos.column);
  }
  return root;
}

/** Indentation of the line holding `offset`. */
const indentAt = (text: string, offset: number): string => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];

/**
 * Insert `"key": value` as the last property of the object `obj` with a range edit: same
 * indentation as its siblings, a comma after the previous one (or a trailing comma kept).
 */
function jsonInsertProperty(text: string, obj: JsonNode, key: string, value: unknown): string {
  const fmt = jsonFormatting(text);
  const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize) : '\t';
  const props = obj.children ?? [];
  const last = props.at(-1);
  const oneLine = !text.slice(obj.offset, obj.offset + obj.length).includes('\n');
  if (!last || oneLine) {
    if (!last) {
      const base = indentAt(text, obj.offset);
      const inner = `${fmt.eol}${base}${unit}${JSON.stringify(key)}: ${jsonPretty(value, unit, base + unit, fmt.eol)}${fmt.eol}${base}`;
      return splice(text, obj.offset, obj.offset + obj.length, `{${inner}}`);
    }
    const end = last.offset + last.length;
    return splice(text, end, end, `, ${JSON.stringify(key)}: ${jsonInline(value)}`);
  }
  const base = indentAt(text, last.offset);
  const end = last.offset + last.length;
  // A trailing comma after the last property (JSONC) stays trailing.
  const after = /^(\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*),/.exec(text.slice(end));
  const prop = `${JSON.stringify(key)}: ${jsonPretty(value, unit, base, fmt.eol)}`;
  if (after) {
    const at = end + after[0].length;
    const eolAt = lineEndIncl(text, at);
    const lineRest = text.slice(at, eolAt).trim();
    const insertAt = lineRest === '' || lineRest.startsWith('//') ? (text[eolAt - 1] === '\n' ? eolAt - (text[eolAt - 2] === '\r' ? 2 : 1) : eolAt) : at;
    return splice(text, insertAt, insertAt, `${fmt.eol}${base}${prop},`);
  }
  const eolAt = lineEndIncl(text, end);
  const restOfLine = text.slice(end, eolAt);
  const commentOnLine = /^\s*\/\//.test(restOfLine);
  const insertAt = commentOnLine ? eolAt - (text[eolAt - 2] === '\r' ? 2 : 1) : end;
  return splice(splice(text, insertAt, insertAt, `${fmt.eol}${base}${prop}`), end, end, ',');
}


/** Remove one property (or array element) `node` of `parent` with a range edit that keeps its neighbours' bytes. */
function jsonRemoveChild(text: string, parent: JsonNode, node: JsonNode): string {
  const siblings = parent.children ?? [];
  if (siblings.length === 1) {
    // The only member: when nothing but whitespace and a comma surrounds it, the container becomes empty (`{}`), as it was before an add.
    const open = text.slice(parent.offset + 1, node.offset);
    const close = text.slice(node.offset + node.length, parent.offset + parent.length - 1);
    if (/^\s*$/.test(open) && /^\s*,?\s*$/.test(close)) return splice(text, parent.offset, parent.offset + parent.length, parent.type === 'array' ? '[]' : '{}');
  }
  const i = siblings.indexOf(node);
  const prev = siblings[i - 1];
  const next = siblings[i + 1];
  const start = node.offset;
  const end = node.offset + node.length;
  const ownLine = text.slice(lineStart(text, start), start).trim() === '';
  const commaAfter = /^\s*,/.exec(text.slice(end));
  if (ownLine && (next ? text.slice(end, next.offset).includes('\n') : true)) {
    let stop = end + (commaAfter ? commaAfter[0].length : 0);
    const restOfLine = text.slice(stop, lineEndIncl(text, stop));
    if (restOfLine.trim() === '' || restOfLine.trim().startsWith('//')) stop = lineEndIncl(text, stop);
    let out = splice(text, lineStart(text, start), stop, '');
    if (!next && !commaAfter && prev) {
      // It was the last one without a trailing comma: the comma after the previous one must go.
      const prevEnd = prev.offset + prev.length;
      const m = /^\s*,/.exec(out.slice(prevEnd));
      if (m) out = splice(out, prevEnd + m[0].length - 1, prevEnd + m[0].length, '');
    }
    return out;
  }
  if (next) return splice(text, start, next.offset, '');
  if (prev) return splice(text, prev.offset + prev.length, end, '');
  return splice(text, start, end + (commaAfter ? commaAfter[0].length : 0), '');
}

export const jsonEditor: FormatEditor = {
  check(file, text) {
    if (text.trim() === '') return;
    const root = jsonRoot(file, text);
    if (root && root.type !== 'object') throw new CoreError('INVALID_CONFIG', `Invalid server config: ${file} must contain a JSON object; it was not changed`);
  },
  setKey(text, entry, key, value) {
    const root = jsonRoot('', text);
    const obj = root ? findNodeAtLocation(root, entry) : undefined;
    const prop = obj?.type === 'object' ? [...(obj.children ?? [])].reverse().find((p) => p.children?.[0]?.value === key) : undefined;
    const valueNode = prop?.children?.[1];
    if (value === undefined) {
      return prop ? jsonRemoveChild(text, obj!, prop) : text;
    }
    if (valueNode) {
      const old = text.slice(valueNode.offset, valueNode.offset + valueNode.length);
      const fmt = jsonFormatting(text);
      const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize) : '\t';
      const next = old.includes('\n') ? jsonPretty(value, unit, indentAt(text, prop!.offset), fmt.eol) : jsonInline(value);
      return splice(text, valueNode.offset, valueNode.offset + valueNode.length, next);
    }
    if (obj?.type === 'object') return jsonInsertProperty(text, obj, key, value);
    return applyEdits(text, modify(text, [...entry, key], value, { formattingOptions: jsonFormatting(text) }));
  },
  addEntry(text, container, name, entry) {
    const source = text.trim() === '' ? '' : text;
    const root = source === '' ? undefined : jsonRoot('', source);
    const node = root ? findNodeAtLocation(root, container) : undefined;
    if (node?.type === 'object' && typeof name === 'string') return jsonInsertProperty(text, node, name, entry);
    const out = applyEdits(source, modify(source, [...container, name], entry, { formattingOptions: jsonFormatting(text), isArrayInsertion: typeof name === 'number' }));
    const eol = eolOf(text);
    return out.endsWith(eol) || out.endsWith('\n') ? out : out + eol;
  },
  removeEntry(text, entry) {
    const root = jsonRoot('', text);
    const parent = root ? findNodeAtLocation(root, entry.slice(0, -1)) : undefined;
    const last = entry.at(-1);
    const child = parent?.type === 'object'
      ? [...(parent.children ?? [])].reverse().find((p) => p.children?.[0]?.value === last)
      : parent?.type === 'array' && typeof last === 'number' ? parent.children?.[last] : undefined;
    return parent && child ? jsonRemoveChild(text, parent, child) : text;
  },
};

// ---------------------------------------------------------------- shared range helpers

const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
function lineEndIncl(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}
/** `end` moved back over trailing whitespace and newlines. */
function trimBack(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}
const splice = (text: string, start: number, end: number, insert: string): string => text.slice(0, start) + insert + text.slice(end);

// ---------------------------------------------------------------- YAML

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
    const { pair } = yamlPair(doc, entry);
    const startAt = pair ? pair.key.range![0] : node.range[0];
    const start = lineStart(text, startAt);
    const end = lineEndIncl(text, trimBack(text, startAt, node.range[1]));
    return splice(text, start, end, '');
  },
};

// ---------------------------------------------------------------- TOML

const TOML_BARE = /^[A-Za-z0-9_-]+$/;
const tomlKey = (k: string): string => (TOML_BARE.test(k) ? k : JSON.stringify(k));

/** A value as a TOML inline value (basic strings, arrays, inline tables). */
export function tomlValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`;
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`).join(', ')} }`;
  throw new CoreError('INVALID_CONFIG', `Invalid server config: TOML has no null (got ${JSON.stringify(value)})`);
}

function tomlAst(file: string, text: string): AST.TOMLProgram {
  try {
    return parseTOML(text);
  } catch (err) {
    const e = err as { lineNumber?: number; column?: number; message: string };
    throw unparseable(file, e.message.trim(), e.lineNumber, (e.column ?? 0) + 1);
  }
}

const keyNames = (key: AST.TOMLKey): string[] => key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value));
const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean => a.length === b.length && a.every((x, i) => String(x) === String(b[i]));
const startsWith = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean => a.length >= b.length && b.every((x, i) => String(x) === String(a[i]));

function tomlTables(ast: AST.TOMLProgram): AST.TOMLTable[] {
  return (ast.body[0]?.body ?? []).filter((n): n is AST.TOMLTable => n.type === 'TOMLTable');
}

/** The `[entry]` table (standard form). Other forms (inline, dotted) are refused with a clear message. */
function tomlEntryTable(ast: AST.TOMLProgram, entry: Path): AST.TOMLTable {
  const table = tomlTables(ast).find((t) => t.kind === 'standard' && samePath(t.resolvedKey, entry));
  if (!table) throw new CoreError('INVALID_CONFIG', `Invalid server config: [${entry.join('.')}] is not written as its own table; edit it by hand`);
  return table;
}

export const tomlEditor: FormatEditor = {
  check(file, text) {
    if (text.trim() !== '') tomlAst(file, text);
  },
  setKey(text, entry, key, value) {
    const ast = tomlAst('', text);
    const eol = eolOf(text);
    const table = tomlEntryTable(ast, entry);
    const kv = table.body.find((k) => samePath(keyNames(k.key), [key]));
    const sub = tomlTables(ast).find((t) => samePath(t.resolvedKey, [...entry, key]));
    if (kv) {
      if (value === undefined) return splice(text, lineStart(text, kv.range[0]), lineEndIncl(text, kv.range[1]), '');
      return splice(text, kv.value.range[0], kv.value.range[1], tomlValue(value));
    }
    if (sub) {
      // `[entry.key]` sub-table: replace it whole (its keys are the value).
      const start = lineStart(text, sub.range[0]);
      const end = lineEndIncl(text, sub.range[1]);
      if (value === undefined) return splice(text, start, end, '');
      const lines = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`);
      return splice(text, start, end, `[${[...entry, key].map((k) => tomlKey(String(k))).join('.')}]${eol}${lines.join(eol)}${eol}`);
    }
    if (value === undefined) return text;
    const last = table.body.at(-1);
    const at = last ? lineEndIncl(text, last.range[1]) : lineEndIncl(text, table.key.range[1]);
    const needsBreak = at > 0 && text[at - 1] !== '\n';
    return splice(text, at, at, `${needsBreak ? eol : ''}${tomlKey(key)} = ${tomlValue(value)}${eol}`);
  },
  addEntry(text, container, name, entry) {
    const eol = eolOf(text);
    const header = `[${[...container, name].map((k) => tomlKey(String(k))).join('.')}]`;
    const lines = Object.entries(entry).filter(([, v]) => v !== undefined).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`);
    const sep = text === '' ? '' : text.endsWith(`${eol}${eol}`) ? '' : text.endsWith('\n') ? eol : `${eol}${eol}`;
    return `${text}${sep}${header}${eol}${lines.join(eol)}${eol}`;
  },
  removeEntry(text, entry) {
    const ast = tomlAst('', text);
    const tables = tomlTables(ast).filter((t) => startsWith(t.resolvedKey, entry)).sort((a, b) => b.range[0] - a.range[0]);
    if (tables.length === 0) throw new CoreError('INVALID_CONFIG', `Invalid server config: [${entry.join('.')}] is not written as its own table; edit it by hand`);
    let out = text;
    for (const t of tables) {
      let start = lineStart(out, t.range[0]);
      let end = lineEndIncl(out, t.range[1]);
      let after = end;
      while (after < out.length && /^[ \t]*\r?\n/.test(out.slice(after))) after = lineEndIncl(out, after);
      if (after < out.length) end = after; // the blank lines after it go with it
      else while (start > 0 && /^[ \t]*\r?\n$/.test(out.slice(lineStart(out, start - 1), start))) start = lineStart(out, start - 1); // at the end: the ones before
      out = splice(out, start, end, '');
    }
    return out;
  },
};

/** The editor of a format. */
export function editorFor(format: ConfigFormat): FormatEditor {
  return format === 'toml' ? tomlEditor : format === 'yaml' ? yamlEditor : jsonEditor;
}
