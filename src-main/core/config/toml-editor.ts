/**
 * TOML edits (format-editors.ts): range edits on `toml-eslint-parser`'s AST positions, so every byte
 * outside the edited table or key stays as it was (docs/operator-verbs.md).
 */
import { parseTOML, type AST } from 'toml-eslint-parser';
import { CoreError } from '../facade/errors.js';
import { eolOf, unparseable, lineStart, lineEndIncl, splice, type Path, type FormatEditor } from './format-edit-kit.js';

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
