/**
 * JSON/JSONC edits (format-editors.ts) through `jsonc-parser`'s `modify`, plus hand-made inserts and
 * removals that keep a neighbouring one-line entry as it was (docs/operator-verbs.md).
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { LineIndex } from '../files/jsonc-document.js';
import { CoreError } from '../facade/errors.js';
import { eolOf, unparseable, lineStart, lineEndIncl, splice, type FormatEditor } from './format-edit-kit.js';

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

/**
 * Append `value` to the array `arr` with a range edit (docs/operator-verbs.md "keep formatting"): the existing
 * elements keep their bytes; the new one is written like its neighbour (on one line after a
 * one-line element, pretty-printed at the same indentation after a multi-line one).
 */
function jsonInsertElement(text: string, arr: JsonNode, value: unknown): string {
  const fmt = jsonFormatting(text);
  const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize) : '\t';
  const last = arr.children?.at(-1);
  if (!last) {
    const base = indentAt(text, arr.offset);
    const inner = `${fmt.eol}${base}${unit}${jsonPretty(value, unit, base + unit, fmt.eol)}${fmt.eol}${base}`;
    return splice(text, arr.offset, arr.offset + arr.length, `[${inner}]`);
  }
  const end = last.offset + last.length;
  if (!text.slice(arr.offset, arr.offset + arr.length).includes('\n')) return splice(text, end, end, `, ${jsonInline(value)}`);
  const base = indentAt(text, last.offset);
  const lastOneLine = !text.slice(last.offset, end).includes('\n');
  const element = lastOneLine ? jsonInline(value) : jsonPretty(value, unit, base, fmt.eol);
  const after = /^(\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*),/.exec(text.slice(end));
  if (after) {
    // A trailing comma after the last element (JSONC) stays trailing.
    const at = end + after[0].length;
    return splice(text, at, at, `${fmt.eol}${base}${element},`);
  }
  const eolAt = lineEndIncl(text, end);
  const commentOnLine = /^\s*\/\//.test(text.slice(end, eolAt));
  const insertAt = commentOnLine ? eolAt - (text[eolAt - 2] === '\r' ? 2 : 1) : end;
  return splice(splice(text, insertAt, insertAt, `${fmt.eol}${base}${element}`), end, end, ',');
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
    if (node?.type === 'array' && typeof name === 'number') return jsonInsertElement(text, node, entry);
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
