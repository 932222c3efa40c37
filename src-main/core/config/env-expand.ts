/**
 * Env placeholder expansion with each host's own syntax (docs/config-discovery.md). Pure: the environment and
 * folders come in as `ExpansionVars`, nothing is read from the process.
 *
 * - `posix` (xcsh, Claude Code, ChatCLI, Gemini CLI, Switchboard's own file, the mcp.json fallback):
 *   `${VAR}` and `${VAR:-default}` (default used when VAR is unset or empty; it may itself hold
 *   placeholders). `$VAR` without braces stays literal, except with `bareDollar` (Gemini CLI).
 * - `vscode` (Cursor): `${env:VAR}`, `${workspaceFolder}`, `${workspaceFolderBasename}`,
 *   `${userHome}`, `${pathSeparator}` / `${/}`.
 * - `none` (Claude Desktop): nothing is expanded.
 *
 * An unresolved placeholder stays literal and is reported (never guessed): an unset variable by its
 * name (`TOKEN`), a placeholder the host's syntax does not know by its inner text (`env:TOKEN` in a
 * Claude Code file, `HOME` or `input:key` in a Cursor file).
 */
import type { MCPServer } from '../../../src-shared/config/server.js';

/** Which placeholder syntax a host uses. */
export type ExpansionSyntax = 'posix' | 'vscode' | 'none';

/** What placeholders resolve against. */
export interface ExpansionVars {
  env: Record<string, string | undefined>;
  /** Looks variable names up case-insensitively (Windows). Default false. */
  caseInsensitiveEnv?: boolean;
  /** `${userHome}` (vscode syntax). */
  home?: string;
  /** `${workspaceFolder}` (vscode syntax): the project folder. */
  workspaceFolder?: string;
  /** `${pathSeparator}` / `${/}` (vscode syntax). Default `/`. */
  pathSeparator?: string;
  /** posix syntax: `$VAR` without braces too (Gemini CLI; an unset one stays literal). Default false. */
  bareDollar?: boolean;
}

/** A string after expansion, and the placeholders that stayed literal. */
export interface Expanded {
  value: string;
  unresolved: string[];
}

const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function lookup(vars: ExpansionVars, name: string): string | undefined {
  const direct = vars.env[name];
  if (direct !== undefined || !vars.caseInsensitiveEnv) return direct;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(vars.env)) {
    if (key.toLowerCase() === lower && value !== undefined) return value;
  }
  return undefined;
}

/** Index of the `}` closing the `${` that starts at `start`, honouring nested `${…}`; -1 if none. */
function closingBrace(input: string, start: number): number {
  let depth = 0;
  for (let i = start; i < input.length; i++) {
    if (input[i] === '$' && input[i + 1] === '{') {
      depth++;
      i++;
    } else if (input[i] === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/**
 * Defaults inside defaults (`${A:-${B:-${C}}}`) are expanded this deep at most; deeper ones are left
 * as written and reported unresolved (a "break it" trial: 3,000 levels overflowed the stack and
 * lost every server of the file, not just that entry).
 */
export const MAX_PLACEHOLDER_DEPTH = 32;

function resolvePosix(inner: string, vars: ExpansionVars, unresolved: string[], depth: number): string | undefined {
  const sep = inner.indexOf(':-');
  if (sep > 0 && VAR_NAME.test(inner.slice(0, sep))) {
    const value = lookup(vars, inner.slice(0, sep));
    if (value !== undefined && value !== '') return value;
    if (depth >= MAX_PLACEHOLDER_DEPTH) return undefined;
    const fallback = expandPlaceholders(inner.slice(sep + 2), 'posix', vars, depth + 1);
    unresolved.push(...fallback.unresolved);
    return fallback.value;
  }
  if (VAR_NAME.test(inner)) return lookup(vars, inner);
  return undefined;
}

function resolveVscode(inner: string, vars: ExpansionVars): string | undefined {
  if (inner.startsWith('env:')) {
    const name = inner.slice(4);
    return name === '' ? undefined : lookup(vars, name);
  }
  switch (inner) {
    case 'workspaceFolder':
      return vars.workspaceFolder;
    case 'workspaceFolderBasename': {
      if (vars.workspaceFolder === undefined) return undefined;
      const parts = vars.workspaceFolder.split(/[\\/]+/).filter((p) => p !== '');
      return parts[parts.length - 1] ?? '';
    }
    case 'userHome':
      return vars.home;
    case 'pathSeparator':
    case '/':
      return vars.pathSeparator ?? '/';
    default:
      return undefined;
  }
}

/** The name an unresolved placeholder is reported by: `env:NAME` → `NAME`, else its inner text. */
function unresolvedName(inner: string, syntax: ExpansionSyntax): string {
  return syntax === 'vscode' && inner.startsWith('env:') && inner.length > 4 ? inner.slice(4) : inner;
}

/**
 * Expand every placeholder of `syntax` in `input`. Returns the new string and the unresolved
 * placeholders (deduplicated, in order of appearance). An unterminated `${` is left as is; so is a
 * default nested deeper than `MAX_PLACEHOLDER_DEPTH` (reported unresolved). `depth`: internal.
 */
export function expandPlaceholders(input: string, syntax: ExpansionSyntax, vars: ExpansionVars, depth = 0): Expanded {
  const bare = syntax === 'posix' && vars.bareDollar === true;
  if (syntax === 'none' || !input.includes(bare ? '$' : '${')) return { value: input, unresolved: [] };
  const unresolved: string[] = [];
  // Gemini CLI: `$VAR` (a name after `$`, not `${`) outside the braced placeholders.
  const text = (t: string): string =>
    bare
      ? t.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (m, name: string) => {
          const value = lookup(vars, name);
          if (value === undefined) unresolved.push(name);
          return value ?? m;
        })
      : t;
  let out = '';
  let i = 0;
  while (i < input.length) {
    const start = input.indexOf('${', i);
    if (start < 0) break;
    const end = closingBrace(input, start);
    if (end < 0) break;
    out += text(input.slice(i, start));
    const inner = input.slice(start + 2, end);
    if (inner.startsWith('secret:') || inner.trim() === '') {
      // `${}` names nothing: literal text, not an unresolved placeholder.
      // Or a keychain reference (secrets/secret-refs.ts): resolved at connect time, not a placeholder.
      out += input.slice(start, end + 1);
      i = end + 1;
      continue;
    }
    const value = syntax === 'posix' ? resolvePosix(inner, vars, unresolved, depth) : resolveVscode(inner, vars);
    if (value === undefined) {
      out += input.slice(start, end + 1);
      unresolved.push(unresolvedName(inner, syntax));
    } else {
      out += value;
    }
    i = end + 1;
  }
  out += text(input.slice(i));
  return { value: out, unresolved: [...new Set(unresolved)] };
}

/** The fields of a server that placeholders are expanded in. */
export type ExpandableFields = Pick<MCPServer, 'command' | 'args' | 'env' | 'url' | 'headers' | 'cwd' | 'auth'>;

/**
 * Expand placeholders in `command`, `args`, `env` values, `url`, `headers` values, `cwd`, the
 * string values of `auth` and a workload's file paths (docs/server-model.md: auth values may use
 * `${VAR}`). Keys are never expanded.
 * Returns a copy with the expanded fields and every unresolved placeholder (deduplicated).
 */
export function expandServerFields<T extends ExpandableFields>(
  server: T,
  syntax: ExpansionSyntax,
  vars: ExpansionVars,
): { server: T; unresolved: string[] } {
  if (syntax === 'none') return { server, unresolved: [] };
  const unresolved: string[] = [];
  const one = (s: string): string => {
    const r = expandPlaceholders(s, syntax, vars);
    unresolved.push(...r.unresolved);
    return r.value;
  };
  const record = (r: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, one(v)]));
  const out: T = { ...server };
  if (server.command !== undefined) out.command = one(server.command);
  if (server.args !== undefined) out.args = server.args.map(one);
  if (server.env !== undefined) out.env = record(server.env);
  if (server.url !== undefined) out.url = one(server.url);
  if (server.headers !== undefined) out.headers = record(server.headers);
  if (server.cwd !== undefined) out.cwd = one(server.cwd);
  if (server.auth !== undefined) {
    const auth = server.auth;
    if (auth.type === 'bearer') out.auth = { ...auth, token: one(auth.token) };
    else if (auth.type === 'basic') out.auth = { ...auth, username: one(auth.username), password: one(auth.password) };
    else if (auth.type === 'header') out.auth = { ...auth, value: one(auth.value) };
    else if (auth.type === 'oauth' && auth.workload) {
      // The workload's file paths (`${HOME}/…`); the variable names and the client id stay as written.
      const w = auth.workload;
      out.auth = { ...auth, workload: { ...w, ...(w.assertionFile !== undefined ? { assertionFile: one(w.assertionFile) } : {}), ...(w.privateKeyFile !== undefined ? { privateKeyFile: one(w.privateKeyFile) } : {}) } };
    }
  }
  return { server: out, unresolved: [...new Set(unresolved)] };
}
