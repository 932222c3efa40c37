/**
 * Reading a JSON/JSONC config file with positions (docs/config-discovery.md: every warning is tied to file and
 * position; a malformed file never throws). Parsing is lenient (comments and trailing commas are
 * accepted); for hosts whose own parser is strict JSON, a note says the host may refuse the file.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigWarning } from '../../../src-shared/config/server.js';
import { readConfigTextOutcome } from './read-config-text.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** Maps character offsets of a text to 1-based line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) this.starts.push(i + 1);
      else if (ch === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  /** 1-based line/column of a 0-based character offset (clamped to the text). */
  at(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: Math.max(0, offset - this.starts[lo]!) + 1 };
  }
}

/** A parsed config file. `root` is undefined for an empty or hopelessly broken file. */
export interface ConfigDocument {
  path: string;
  text: string;
  root: Node | undefined;
  lines: LineIndex;
  /** Offsets of syntax errors (lenient parse); entries containing one are skipped. */
  errorOffsets: number[];
  /** Warnings about the file as a whole (syntax errors, strict-JSON notes). */
  warnings: ConfigWarning[];
}

/** Outcome of reading a config file: missing (no warning), unreadable (a warning), or parsed. */
export type ReadOutcome =
  | { kind: 'missing' }
  | { kind: 'unreadable'; warning: ConfigWarning }
  | { kind: 'parsed'; doc: ConfigDocument };

/** Options of `readConfigDocument`. */
export interface ReadDocumentOptions {
  /**
   * Label of a host whose own parser is strict JSON: a comment or trailing comma then adds a
   * note that this host may refuse the file (we read it anyway). Omit for JSONC files.
   */
  strictHostLabel?: string;
}

/** Most syntax errors reported per file; the rest are counted. */
const MAX_SYNTAX_WARNINGS = 3;

/**
 * Read and parse one config file. Never throws: a missing file is `missing`; a file that cannot
 * be read (permissions, a folder) is `unreadable` with a warning; otherwise the lenient parse tree
 * (BOM stripped, comments and trailing commas accepted) plus a warning per syntax error with its
 * line/column. An empty (whitespace-only) file parses to no root and no warning.
 */
export async function readConfigDocument(path: string, options: ReadDocumentOptions = {}): Promise<ReadOutcome> {
  const read = await readConfigTextOutcome(path);
  if (read.kind === 'missing') return read;
  if (read.kind === 'unreadable') return { kind: 'unreadable', warning: { file: path, message: read.message, ...warningCode('file-unreadable') } };
  return { kind: 'parsed', doc: withUtf8Warning(parseConfigText(path, read.text, options), read) };
}

/**
 * `doc` with the `not-utf8` warning when its file held bytes that are not UTF-8
 * (`TextOutcome.notUtf8At`), placed at the first of them. Those bytes read as U+FFFD; the rest of
 * the file is read as usual, and no edit rewrites it (`readConfigText`'s `forEdit` refuses it).
 */
export function withUtf8Warning(doc: ConfigDocument, read: { text: string; notUtf8At?: number }): ConfigDocument {
  if (read.notUtf8At === undefined) return doc;
  const bom = read.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const { line, column } = doc.lines.at(read.notUtf8At - bom);
  doc.warnings.push({
    file: doc.path,
    line,
    column,
    message: 'Not valid UTF-8 from here: those bytes read as \uFFFD. Save the file as UTF-8 (Switchboard does not edit it until then).',
    ...warningCode('not-utf8'),
  });
  return doc;
}

/** Parse config text (see `readConfigDocument`); pure apart from its inputs. */
export function parseConfigText(path: string, rawText: string, options: ReadDocumentOptions = {}): ConfigDocument {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  const lines = new LineIndex(text);
  const warnings: ConfigWarning[] = [];
  if (text.trim() === '') return { path, text, root: undefined, lines, errorOffsets: [], warnings };

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const seen = new Set<number>();
  const distinct = errors.filter((e) => (seen.has(e.offset) ? false : (seen.add(e.offset), true)));
  distinct.slice(0, MAX_SYNTAX_WARNINGS).forEach((e) => {
    const pos = lines.at(e.offset);
    warnings.push({ file: path, ...pos, ...warningCode('malformed'), message: `Malformed JSON: ${describeParseError(e)} at line ${pos.line}, column ${pos.column}` });
  });
  if (distinct.length > MAX_SYNTAX_WARNINGS) {
    warnings.push({ file: path, ...warningCode('malformed'), message: `Malformed JSON: ${distinct.length - MAX_SYNTAX_WARNINGS} more syntax errors` });
  }

  if (options.strictHostLabel && distinct.length === 0) {
    const strictErrors: ParseError[] = [];
    parseTree(text, strictErrors, { allowTrailingComma: false, disallowComments: true });
    const first = strictErrors[0];
    if (first) {
      const pos = lines.at(first.offset);
      warnings.push({
        file: path,
        ...pos,
        ...warningCode('not-strict-json'),
        message: `Not strict JSON (comment or trailing comma at line ${pos.line}, column ${pos.column}): ${options.strictHostLabel} may refuse this file; Switchboard read it anyway`,
      });
    }
  }
  return { path, text, root, lines, errorOffsets: distinct.map((e) => e.offset), warnings };
}

function describeParseError(e: ParseError): string {
  const code = printParseErrorCode(e.error);
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words;
}

/** The node at a JSON path (e.g. `['mcpServers']`), or undefined. */
export function nodeAt(doc: ConfigDocument, path: (string | number)[]): Node | undefined {
  return doc.root ? findNodeAtLocation(doc.root, path) : undefined;
}

/**
 * Whether a syntax error lies inside `node`, after its first character (then its value is a guess
 * of the recovering parser). An error at its very start (e.g. a missing comma before it) does not
 * count: the node itself is intact.
 */
export function containsSyntaxError(doc: ConfigDocument, node: Node): boolean {
  return doc.errorOffsets.some((o) => o > node.offset && o < node.offset + node.length);
}

/** The property node (key + value) named `key` in an object node, last one when repeated. */
export function propertyNode(objectNode: Node | undefined, key: string): Node | undefined {
  if (!objectNode || objectNode.type !== 'object' || !objectNode.children) return undefined;
  let found: Node | undefined;
  for (const prop of objectNode.children) {
    if (prop.children?.[0]?.value === key) found = prop;
  }
  return found;
}

/** The position of a property's key (or of the object itself when the key is absent). */
export function positionOf(doc: ConfigDocument, objectNode: Node, key?: string): Position {
  const prop = key === undefined ? undefined : propertyNode(objectNode, key);
  return doc.lines.at((prop ?? objectNode).offset);
}

/** Human name of a JSON node type, for "must be …, got …" messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
