/**
 * Placeholders that do not resolve (issue 14 item 8): one config warning per field that still holds
 * a literal placeholder after discovery (docs/config-discovery.md: "an unresolved placeholder stays literal and is
 * flagged, never guessed"), naming the field — `env.API_KEY`, `args[2]`, `headers.Authorization` —
 * and, where a variable that is set has a close name, suggesting it ("did you mean
 * WEATHER_API_KEY?"). Suggesting is not guessing: the value is never substituted.
 */
import { distance } from 'fastest-levenshtein';
import { HOST_LABELS, type ConfigWarning, type ServerDefinition } from '../../../src-shared/config/server.js';
import { HOST_RULES } from './providers/host-rules.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

/** One field of a definition holding an unresolved placeholder. */
export interface UnresolvedField {
  /** `command`, `args[2]`, `env.API_KEY`, `url`, `headers.Authorization`, `cwd`, `auth.token`… */
  field: string;
  /** The placeholder as written: `${API_KEY}`, `${env:API_KEY}`, `${input:key}`. */
  placeholder: string;
  /** The name it is reported by in `unresolved` (`API_KEY`, `input:key`). */
  name: string;
}

/** Every string field of a definition that placeholders are expanded in, with its path. */
export function stringFields(def: ServerDefinition): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (def.command !== undefined) out.push(['command', def.command]);
  def.args?.forEach((a, i) => out.push([`args[${i}]`, a]));
  for (const [k, v] of Object.entries(def.env ?? {})) out.push([`env.${k}`, v]);
  if (def.url !== undefined) out.push(['url', def.url]);
  for (const [k, v] of Object.entries(def.headers ?? {})) out.push([`headers.${k}`, v]);
  if (def.cwd !== undefined) out.push(['cwd', def.cwd]);
  const auth = def.auth;
  if (auth?.type === 'bearer') out.push(['auth.token', auth.token]);
  if (auth?.type === 'basic') out.push(['auth.username', auth.username], ['auth.password', auth.password]);
  if (auth?.type === 'header') out.push([`auth.value`, auth.value]);
  return out;
}

/** The name a placeholder's inner text is reported by (env-expand.ts: `env:X` → `X`; `X:-d` → `X`). */
function reportedNames(inner: string): string[] {
  const names = [inner.trim()];
  if (inner.startsWith('env:')) names.push(inner.slice(4));
  const sep = inner.indexOf(':-');
  if (sep > 0) names.push(inner.slice(0, sep));
  return names;
}

/**
 * Where each of `def.unresolved` sits: the fields whose value still holds it literally (`${X}`,
 * `${env:X}`, Continue's `${{ secrets.X }}`). A name found in no field (a host-level rule such as
 * Codex's `bearer_token_env_var`) is reported against the field it feeds when known, else none.
 */
export function unresolvedFields(def: ServerDefinition): UnresolvedField[] {
  const wanted = new Set(def.unresolved ?? []);
  if (wanted.size === 0) return [];
  const out: UnresolvedField[] = [];
  const found = new Set<string>();
  // Gemini CLI's `$VAR` too, where the host expands it.
  const placeholders = HOST_RULES[def.source.host]?.bareDollar ? /\$\{\{\s*([^}]+?)\s*\}\}|\$\{([^{}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g : /\$\{\{\s*([^}]+?)\s*\}\}|\$\{([^{}]*)\}/g;
  for (const [field, value] of stringFields(def)) {
    for (const m of value.matchAll(placeholders)) {
      const inner = m[1] ?? m[2] ?? m[3] ?? '';
      const name = reportedNames(inner).find((n) => wanted.has(n));
      if (name === undefined) continue;
      out.push({ field, placeholder: m[0], name });
      found.add(name);
    }
  }
  for (const name of wanted) if (!found.has(name)) out.push({ field: '', placeholder: `\${${name}}`, name });
  return out;
}

const tokens = (name: string): string[] => name.toUpperCase().split('_').filter(Boolean);

/**
 * Variables that are set and whose name is close to `name` (best first, at most 2): the same name
 * in another case; a small edit distance (a typo: `WEATHER_APIKEY`, `WEATHR_API_KEY`); or the same
 * words with one more or one fewer at an end (`API_KEY` ↔ `WEATHER_API_KEY`). `[]` for names that
 * are not variable names (`input:key`) or when nothing is close.
 */
export function closeVariableNames(name: string, env: Record<string, string | undefined>): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return [];
  const upper = name.toUpperCase();
  const mine = tokens(name);
  const scored: Array<[string, number]> = [];
  for (const [candidate, value] of Object.entries(env)) {
    if (value === undefined || value === '' || candidate === name) continue;
    const other = candidate.toUpperCase();
    if (other === upper) {
      scored.push([candidate, 0]);
      continue;
    }
    const d = distance(upper.replaceAll('_', ''), other.replaceAll('_', ''));
    if (d <= Math.max(1, Math.floor(upper.length / 5))) {
      scored.push([candidate, d]);
      continue;
    }
    // The same words plus (or minus) whole words at one end: API_KEY ↔ WEATHER_API_KEY.
    const theirs = tokens(candidate);
    const [short, long] = mine.length <= theirs.length ? [mine, theirs] : [theirs, mine];
    if (short.length >= 2 && long.length > short.length) {
      const head = long.slice(0, short.length).join('_') === short.join('_');
      const tail = long.slice(-short.length).join('_') === short.join('_');
      if (head || tail) scored.push([candidate, 10 + long.length - short.length]);
    }
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, 2).map(([n]) => n);
}

/** Editor placeholders (VS Code, Cursor) a `${VAR}` host reads as an environment variable of that name. */
const EDITOR_VARIABLES = new Set(['workspaceFolder', 'workspaceFolderBasename', 'userHome', 'pathSeparator']);

/** What a placeholder needs, in words (its host's syntax decides what `${NAME}` means). */
function whatItNeeds(u: UnresolvedField, def: ServerDefinition): string {
  const { name } = u;
  if (name.startsWith('input:') && HOST_RULES[def.source.host]?.syntax === 'vscode') return `needs an answer (switchboard input ${name.slice(6)})`;
  if (name.startsWith('secret:')) return 'has no value in the keychain';
  // Windsurf's `${file:/path}` is the file's content, read by Windsurf (docs/host-formats.md); Switchboard does not read it.
  if (def.source.host === 'windsurf' && name.startsWith('file:')) return 'is a file Windsurf reads the value from; Switchboard does not read it';
  if (u.placeholder.startsWith('${{')) return `only ${HOST_LABELS[def.source.host]} fills in (from its own secrets and inputs); Switchboard cannot`;
  const isVariable = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
  if (HOST_RULES[def.source.host]?.syntax === 'posix' && EDITOR_VARIABLES.has(name)) {
    return `is an editor placeholder (VS Code, Cursor) ${HOST_LABELS[def.source.host]} does not expand`;
  }
  if (isVariable && HOST_RULES[def.source.host]?.syntax === 'vscode' && !u.placeholder.startsWith('${env:')) {
    return `is not a placeholder ${HOST_LABELS[def.source.host]} knows (an environment variable is written \${env:${name}})`;
  }
  if (isVariable) return 'is not set';
  return `is not a placeholder ${HOST_LABELS[def.source.host]} knows`;
}

/** A warning at `def`'s entry, flagged on the server: `Server "<name>": <message>`. */
export function serverWarning(def: ServerDefinition, code: 'placeholder-unresolved' | 'placeholder-literal', message: string): ConfigWarning {
  return {
    file: def.source.file,
    ...(def.source.line !== undefined ? { line: def.source.line } : {}),
    ...(def.source.column !== undefined ? { column: def.source.column } : {}),
    server: def.name,
    ...warningCode(code),
    message: `Server "${def.name}": ${message}`,
  };
}

/**
 * One warning per unresolved placeholder of each definition (issue 14 item 8), at the entry's
 * position: `Server "w": env.API_KEY holds ${WEATHER_APIKEY}, which is not set: left as written
 * (did you mean WEATHER_API_KEY?)`. `env` is the environment placeholders resolve against.
 */
export function placeholderWarnings(defs: readonly ServerDefinition[], env: Record<string, string | undefined>): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  for (const def of defs) {
    for (const u of unresolvedFields(def)) {
      const close = closeVariableNames(u.name, env);
      const hint = close.length > 0 ? ` (did you mean ${close.join(' or ')}?)` : '';
      const where = u.field ? `${u.field} holds ${u.placeholder}, which` : `${u.placeholder}`;
      warnings.push(serverWarning(def, 'placeholder-unresolved', `${where} ${whatItNeeds(u, def)}: left as written${hint}`));
    }
  }
  return warnings;
}

/**
 * Why an env-name value (docs/auth.md: Switchboard's own and xcsh files) was left out: `environment
 * variable WEATHER_APIKEY is not set`, plus `(did you mean WEATHER_API_KEY?)` when a set variable
 * has a close name (issue 14 item 8).
 */
export function notSetReason(name: string, env: Record<string, string | undefined>): string {
  const close = closeVariableNames(name, env);
  return `environment variable ${name} is not set${close.length > 0 ? ` (did you mean ${close.join(' or ')}?)` : ''}`;
}
