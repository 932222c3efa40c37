/**
 * TOML (Codex) and YAML (goose, Continue) config files as `ConfigDocument`s (docs/config-discovery.md: every
 * warning tied to file and position). The parsed value is rebuilt as a jsonc-parser-shaped node
 * tree whose offsets are the real offsets of each key in the source, so the shared entry reader
 * (`server-collection.ts`, `normalize-entry.ts`) works on every format unchanged.
 *
 * Parsers keep positions: `toml-eslint-parser` (an AST with ranges) and `yaml`'s Document API.
 * A file with a syntax error yields one warning with line/column and no root (nothing from it
 * is guessed); the rest of discovery carries on.
 */
import type { Node } from 'jsonc-parser';
import { getStaticTOMLValue, parseTOML, type AST } from 'toml-eslint-parser';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node as YamlNode } from 'yaml';
import { LineIndex, parseConfigText, withUtf8Warning, type ConfigDocument, type ReadOutcome, type ReadDocumentOptions } from './jsonc-document.js';
import { readConfigTextOutcome } from './read-config-text.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** Syntaxes of config files. */
export type ConfigFormat = 'json' | 'toml' | 'yaml';

type PathKey = string;
const keyOf = (path: readonly (string | number)[]): PathKey => JSON.stringify(path);

/** Plain JSON-like value of a parsed scalar (TOML dates become ISO strings). */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * A jsonc-parser node tree for `value`; `offsets` maps a path to the offset of its key (or item)
 * in the source. A path without a recorded offset inherits its parent's.
 */
export function nodeTreeFromValue(value: unknown, offsets: ReadonlyMap<PathKey, number>, path: (string | number)[] = [], parent?: Node, inherited = 0): Node {
  const offset = offsets.get(keyOf(path)) ?? inherited;
  if (Array.isArray(value)) {
    const node: Node = { type: 'array', offset, length: 1, parent, children: [] };
    value.forEach((v, i) => node.children!.push(nodeTreeFromValue(v, offsets, [...path, i], node, offset)));
    return node;
  }
  if (value !== null && typeof value === 'object') {
    const node: Node = { type: 'object', offset, length: 1, parent, children: [] };
    for (const [k, v] of Object.entries(value)) {
      const keyOffset = offsets.get(keyOf([...path, k])) ?? offset;
      const prop: Node = { type: 'property', offset: keyOffset, length: 1, parent: node, children: [] };
      prop.children!.push({ type: 'string', value: k, offset: keyOffset, length: k.length, parent: prop });
      prop.children!.push(nodeTreeFromValue(v, offsets, [...path, k], prop, keyOffset));
      node.children!.push(prop);
    }
    return node;
  }
  const type = value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
  return { type, value: value === null ? null : typeof value === 'object' ? String(value) : value, offset, length: 1, parent };
}

function tomlKeyNames(key: AST.TOMLKey): string[] {
  return key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value));
}

function recordToml(node: AST.TOMLContentNode, path: (string | number)[], offsets: Map<PathKey, number>): void {
  if (node.type === 'TOMLInlineTable') {
    for (const kv of node.body) recordKeyValue(kv, path, offsets);
  } else if (node.type === 'TOMLArray') {
    node.elements.forEach((el, i) => {
      offsets.set(keyOf([...path, i]), el.range[0]);
      recordToml(el, [...path, i], offsets);
    });
  }
}

function recordKeyValue(kv: AST.TOMLKeyValue, base: (string | number)[], offsets: Map<PathKey, number>): void {
  const names = tomlKeyNames(kv.key);
  const path = [...base];
  for (const name of names) {
    path.push(name);
    if (!offsets.has(keyOf(path))) offsets.set(keyOf(path), kv.range[0]);
  }
  recordToml(kv.value, path, offsets);
}

/**
 * Key names that are not read from a TOML file: the parser's static value (`getStaticTOMLValue`)
 * assigns each key into a plain object, so a table `[mcp_servers.__proto__]` wrote into the
 * prototype every object in the process shares — a cloned repository's `.codex/config.toml` turned
 * every other server into its command before the folder was trusted (attack pass, issue 32).
 * `constructor.prototype` reaches the same prototype.
 */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The first key (with its offset) of the TOML program named one of `UNSAFE_KEYS`, anywhere: tables, dotted keys, inline tables. */
function unsafeTomlKey(ast: AST.TOMLProgram): { name: string; offset: number } | undefined {
  let found: { name: string; offset: number } | undefined;
  const keys = (key: AST.TOMLKey): void => {
    for (const k of key.keys) {
      const name = k.type === 'TOMLBare' ? k.name : k.value;
      if (found === undefined && UNSAFE_KEYS.has(name)) found = { name, offset: k.range[0] };
    }
  };
  const value = (node: AST.TOMLContentNode): void => {
    if (node.type === 'TOMLInlineTable') for (const kv of node.body) keyValue(kv);
    else if (node.type === 'TOMLArray') for (const el of node.elements) value(el);
  };
  const keyValue = (kv: AST.TOMLKeyValue): void => {
    keys(kv.key);
    value(kv.value);
  };
  for (const item of ast.body[0]?.body ?? []) {
    if (item.type === 'TOMLKeyValue') keyValue(item);
    else {
      keys(item.key);
      for (const kv of item.body) keyValue(kv);
    }
  }
  return found;
}

/** Parse TOML text into a `ConfigDocument` (root undefined and one warning on a syntax error). */
export function parseTomlText(path: string, rawText: string): ConfigDocument {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const lines = new LineIndex(text);
  if (text.trim() === '') return { path, text, root: undefined, lines, errorOffsets: [], warnings: [] };
  let ast: AST.TOMLProgram;
  try {
    ast = parseTOML(text);
  } catch (err) {
    const e = err as { lineNumber?: number; column?: number; message: string };
    const line = e.lineNumber ?? 1;
    const column = (e.column ?? 0) + 1;
    return {
      path, text, root: undefined, lines, errorOffsets: [],
      warnings: [{ file: path, line, column, ...warningCode('malformed'), message: `Malformed TOML: ${e.message.replace(/\s+$/, '')} at line ${line}, column ${column}` }],
    };
  }
  const unsafe = unsafeTomlKey(ast);
  if (unsafe !== undefined) {
    const { line, column } = lines.at(unsafe.offset);
    return {
      path, text, root: undefined, lines, errorOffsets: [],
      warnings: [{ file: path, line, column, ...warningCode('malformed'), message: `A key named "${unsafe.name}" at line ${line}, column ${column} is not read (it names a property every JavaScript object has); nothing in this file was read — rename that table or key` }],
    };
  }
  const offsets = new Map<PathKey, number>();
  const top = ast.body[0];
  for (const item of top?.body ?? []) {
    if (item.type === 'TOMLKeyValue') recordKeyValue(item, [], offsets);
    else {
      const tablePath = item.resolvedKey;
      for (let i = 1; i <= tablePath.length; i++) if (!offsets.has(keyOf(tablePath.slice(0, i)))) offsets.set(keyOf(tablePath.slice(0, i)), item.range[0]);
      for (const kv of item.body) recordKeyValue(kv, tablePath, offsets);
    }
  }
  const value = plain(getStaticTOMLValue(ast));
  return { path, text, root: nodeTreeFromValue(value, offsets), lines, errorOffsets: [], warnings: [] };
}

function recordYaml(node: unknown, path: (string | number)[], offsets: Map<PathKey, number>): void {
  if (isMap(node)) {
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? item.key.value : item.key;
      const name = typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean' ? String(key) : undefined;
      if (name === undefined) continue;
      const p = [...path, name];
      const range = (item.key as YamlNode | null)?.range;
      if (range) offsets.set(keyOf(p), range[0]);
      recordYaml(item.value, p, offsets);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      const p = [...path, i];
      const range = (item as YamlNode | null)?.range;
      if (range) offsets.set(keyOf(p), range[0]);
      recordYaml(item, p, offsets);
    });
  }
}

/** Parse YAML text into a `ConfigDocument` (root undefined and a warning per error, at most 3). */
export function parseYamlText(path: string, rawText: string): ConfigDocument {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const lines = new LineIndex(text);
  if (text.trim() === '') return { path, text, root: undefined, lines, errorOffsets: [], warnings: [] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return {
      path, text, root: undefined, lines, errorOffsets: [],
      warnings: doc.errors.slice(0, 3).map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { file: path, line: pos.line, column: pos.col, ...warningCode('malformed'), message: `Malformed YAML: ${e.message.split('\n')[0]} at line ${pos.line}, column ${pos.col}` };
      }),
    };
  }
  const offsets = new Map<PathKey, number>();
  recordYaml(doc.contents, [], offsets);
  let value: unknown;
  try {
    value = plain(doc.toJS({ maxAliasCount: 100 }));
  } catch (err) {
    // The one error building the value has (an alias bomb: `maxAliasCount`) carries no position: the
    // warning points at the first alias, where the expansion starts.
    let firstAlias: number | undefined;
    visit(doc, { Alias: (_key, node) => ((firstAlias = node.range?.[0]), visit.BREAK) });
    const pos = firstAlias === undefined ? undefined : lineCounter.linePos(firstAlias);
    const at = pos ? { line: pos.line, column: pos.col } : {};
    const where = pos ? ` (aliases from line ${pos.line}, column ${pos.col})` : '';
    return { path, text, root: undefined, lines, errorOffsets: [], warnings: [{ file: path, ...at, ...warningCode('malformed'), message: `Malformed YAML: ${(err as Error).message}${where}` }] };
  }
  if (value === null || value === undefined) return { path, text, root: undefined, lines, errorOffsets: [], warnings: [] };
  return { path, text, root: nodeTreeFromValue(value, offsets), lines, errorOffsets: [], warnings: [] };
}

/** Deepest nesting of `[`/`{` a config file may have (hosts' files nest a few levels; parsers recurse). */
export const MAX_CONFIG_NESTING = 256;

/**
 * The offset where `text` nests `[`/`{` deeper than `max` (outside quoted strings), or undefined.
 * Linear, no recursion: a hostile file nested 100 000 deep is caught before any recursive parser.
 */
export function nestingTooDeep(text: string, max = MAX_CONFIG_NESTING): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote || c === '\n') quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') {
      if (++depth > max) return i;
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/**
 * Parse text of any supported format into a `ConfigDocument`. A file nested deeper than
 * `MAX_CONFIG_NESTING` yields no root and one warning with its line and column (issue 9 item 6:
 * it never takes its host's other files down with it).
 */
export function parseAnyText(path: string, text: string, format: ConfigFormat, options: ReadDocumentOptions = {}): ConfigDocument {
  const deep = nestingTooDeep(text);
  if (deep !== undefined) {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const lines = new LineIndex(body);
    const pos = lines.at(Math.max(0, deep - (body === text ? 0 : 1)));
    return {
      path, text: body, root: undefined, lines, errorOffsets: [],
      warnings: [{ file: path, ...pos, ...warningCode('too-deep'), message: `Config file nests deeper than ${MAX_CONFIG_NESTING} levels at line ${pos.line}, column ${pos.column}; it was not read (the host's other files still are)` }],
    };
  }
  if (format === 'toml') return parseTomlText(path, text);
  if (format === 'yaml') return parseYamlText(path, text);
  return parseConfigText(path, text, options);
}

/**
 * Read and parse one config file of `format`. Never throws: `missing` for ENOENT/ENOTDIR,
 * `unreadable` (with a warning) for a folder or a permission problem, else `parsed`.
 */
export async function readAnyDocument(path: string, format: ConfigFormat, options: ReadDocumentOptions = {}): Promise<ReadOutcome> {
  const read = await readConfigTextOutcome(path);
  if (read.kind === 'missing') return read;
  if (read.kind === 'unreadable') return { kind: 'unreadable', warning: { file: path, message: read.message, ...warningCode('file-unreadable') } };
  return { kind: 'parsed', doc: withUtf8Warning(parseAnyText(path, read.text, format, options), read) };
}
