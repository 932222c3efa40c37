/**
 * Import / export (issue #3 §5, docs/inspecting.md): copy a server from one host's file into another's,
 * translating shape (via `host-shapes.ts`), interpolation syntax and units, and saying what cannot
 * be carried: a VS Code `${input:}` prompt, a Windsurf `${file:}`, Continue's `${{ secrets.X }}`,
 * a Switchboard `${secret:}` reference, `${VAR}` into a host without interpolation. A literal
 * secret (a header or env value under an auth-looking name) is only written when the caller says
 * so (`allowLiteralSecrets`: docs/auth.md "asks before writing a literal").
 */
import { readFile } from 'node:fs/promises';
import { HOST_LABELS, type HostId, type MCPServer } from '../../../src-shared/config/server.js';
import { isSecretKey } from '../../../src-shared/redaction.js';
import { CoreError } from '../facade/errors.js';
import { addServerToFile, rawEntry, type EntryLocation, type WriteOutcome } from './config-writer.js';
import { HOST_RULES } from './providers/host-rules.js';
import { readCompanyAuth } from './company-auth.js';
import { hostResolvesValues } from '../mcp/connection/value-resolution.js';
import { checkOutsideDefinition } from '../install/outside-definition.js';
import type { DiscoveryContext } from './types.js';

/** Options of `transferServer`. */
export interface TransferOptions {
  /** Write literal secrets (and `${VAR}` values substituted) where the target has no reference syntax. Default false. */
  allowLiteralSecrets?: boolean;
  /** Name in the target (default: the same). */
  rename?: string;
}

type Token =
  | { kind: 'env'; name: string; fallback?: string }
  | { kind: 'workspaceFolder' | 'userHome' }
  | { kind: 'other'; text: string; what: string };

/** Placeholders of a value in the source host's syntax, as `[start, end, token]`. */
function tokens(value: string, host: HostId): [number, number, Token][] {
  const out: [number, number, Token][] = [];
  const syntax = HOST_RULES[host].syntax;
  // Gemini CLI also fills in `$VAR` without braces (HostRules.bareDollar).
  const pattern = HOST_RULES[host].bareDollar ? /\$\{\{\s*([^}]+?)\s*\}\}|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g : /\$\{\{\s*([^}]+?)\s*\}\}|\$\{([^}]*)\}/g;
  for (const m of value.matchAll(pattern)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (m[3] !== undefined) {
      out.push([start, end, { kind: 'env', name: m[3] }]);
      continue;
    }
    if (m[1] !== undefined) {
      out.push([start, end, { kind: 'other', text: m[0], what: `Continue's ${m[0]}` }]);
      continue;
    }
    const inner = m[2]!;
    if (inner.startsWith('input:')) out.push([start, end, { kind: 'other', text: m[0], what: `a VS Code ${m[0]} prompt` }]);
    else if (inner.startsWith('file:')) out.push([start, end, { kind: 'other', text: m[0], what: `a Windsurf ${m[0]} reference` }]);
    else if (inner.startsWith('secret:')) out.push([start, end, { kind: 'other', text: m[0], what: `a Switchboard keychain reference ${m[0]}` }]);
    else if (syntax === 'vscode' && inner.startsWith('env:')) out.push([start, end, { kind: 'env', name: inner.slice(4) }]);
    else if (syntax === 'vscode' && (inner === 'workspaceFolder' || inner === 'userHome')) out.push([start, end, { kind: inner }]);
    else if (syntax === 'posix' && /^[A-Za-z_][A-Za-z0-9_]*(:-.*)?$/s.test(inner)) {
      const [name, ...rest] = inner.split(':-');
      out.push([start, end, { kind: 'env', name: name!, ...(rest.length > 0 ? { fallback: rest.join(':-') } : {}) }]);
    }
  }
  return out;
}

/**
 * Attack pass 8, F10: text the source host reads literally but the target would fill in — a
 * `${VAR}` / `${env:VAR}` / `${workspaceFolder}` the source syntax does not expand (Cursor's
 * `${HOME}`, anything in Claude Desktop's file) — as the reason sentence, or undefined.
 */
function liveInTarget(text: string, from: HostId, to: HostId, where: string): string | undefined {
  const stray = tokens(text, to).find(([, , t]) => t.kind !== 'other');
  if (!stray) return undefined;
  return `${where} holds ${text.slice(stray[0], stray[1])}, literal text in ${HOST_LABELS[from]}'s file that ${HOST_LABELS[to]} would fill in from this computer`;
}

/** Translate one string value from `from`'s syntax into `to`'s; notes say what could not travel, `live` what would change meaning. */
function translateValue(value: string, from: HostId, to: HostId, where: string, ctx: DiscoveryContext, options: TransferOptions, notes: string[], live: string[]): string {
  const target = HOST_RULES[to].syntax;
  const toLabel = HOST_LABELS[to];
  let out = '';
  let last = 0;
  const literal = (text: string): string => {
    const reason = liveInTarget(text, from, to, where);
    if (reason) live.push(reason);
    return text;
  };
  for (const [start, end, token] of tokens(value, from)) {
    out += literal(value.slice(last, start));
    last = end;
    if (token.kind === 'other') {
      const carries = (to === 'vscode' && token.text.startsWith('${input:')) || (to === 'windsurf' && token.text.startsWith('${file:')) || (to === 'continue' && token.text.startsWith('${{')) || (to === 'switchboard' && token.text.startsWith('${secret:'));
      // Attack pass 8, M4: a keychain reference is read by Switchboard in any host's file (for a copy it is bound to: see the re-binding note), never by the host itself.
      if (!carries && token.text.startsWith('${secret:')) notes.push(`${where} holds ${token.what}, which ${toLabel} itself cannot read; only Switchboard fills it in, for a copy the secret is bound to — set the value by hand for ${toLabel}`);
      else if (!carries) notes.push(`${where}: ${token.what} cannot be carried to ${toLabel}; left as literal text — set the value by hand`);
      out += token.text;
    } else if (token.kind === 'env') {
      if (target === 'posix' || (to === 'codex' && where.startsWith('headers'))) out += `\${${token.name}${token.fallback !== undefined ? `:-${token.fallback}` : ''}}`;
      else if (target === 'vscode') out += `\${env:${token.name}}`;
      else if (options.allowLiteralSecrets && ctx.env[token.name] !== undefined) {
        out += ctx.env[token.name];
        notes.push(`${where}: ${toLabel} has no interpolation; wrote the current value of ${token.name} literally`);
      } else {
        out += value.slice(start, end);
        notes.push(`${where}: ${toLabel} has no interpolation; \${${token.name}} stays literal text there`);
      }
    } else {
      const literal = token.kind === 'workspaceFolder' ? ctx.projectDir : ctx.home;
      out += target === 'vscode' ? `\${${token.kind}}` : literal;
      if (target !== 'vscode') notes.push(`${where}: \${${token.kind}} written as ${literal}`);
    }
  }
  return out + literal(value.slice(last));
}

function hasPlaceholder(value: string, host: HostId): boolean {
  return /\$\{/.test(value) || (HOST_RULES[host].bareDollar === true && /\$[A-Za-z_]/.test(value));
}

/**
 * Copy `name` from `from` into the target host's file (`to.file`), translated. Resolves to the
 * write outcome with every note. Throws NOT_FOUND, INVALID_CONFIG, BAD_REQUEST (`Server "<name>"
 * already exists in <path>`), and CONFLICT asking for confirmation when literal secrets would be
 * written without `allowLiteralSecrets`.
 */
export async function transferServer(from: EntryLocation, name: string, to: EntryLocation, ctx: DiscoveryContext, options: TransferOptions = {}): Promise<WriteOutcome> {
  const text = await readFile(from.file, 'utf8').catch((err: Error) => {
    throw new CoreError('NOT_FOUND', `Cannot read ${from.file}: ${err.message}`);
  });
  const { server } = rawEntry(text.replace(/^\uFEFF/, ''), from, name, ctx);
  const notes: string[] = [];
  const literalSecrets: string[] = [];
  const live: string[] = [];
  const tr = (v: string, where: string): string => translateValue(v, from.host, to.host, where, ctx, options, notes, live);
  const record = (r: Record<string, string> | undefined, label: string): Record<string, string> | undefined => {
    if (!r) return r;
    return Object.fromEntries(Object.entries(r).map(([k, v]) => {
      if (isSecretKey(k) && !hasPlaceholder(v, from.host) && v.trim() !== '' && to.host !== from.host) literalSecrets.push(`${label}.${k}`);
      return [k, tr(v, `${label}.${k}`)];
    }));
  };
  const next: MCPServer = {
    ...server,
    name: options.rename ?? name,
    ...(server.command !== undefined ? { command: tr(server.command, 'command') } : {}),
    ...(server.args ? { args: server.args.map((a, i) => tr(a, `args[${i}]`)) } : {}),
    ...(server.url !== undefined ? { url: tr(server.url, 'url') } : {}),
    ...(server.cwd !== undefined ? { cwd: tr(server.cwd, 'cwd') } : {}),
    ...(server.env ? { env: record(server.env, 'env') } : {}),
    ...(server.headers ? { headers: record(server.headers, 'headers') } : {}),
  };
  // An "auth" the source's reader refused stays in `extensions` (normalize-entry.ts readAuth). In our
  // own file it would be read as ours: a workload or enterprise sign-in named by a foreign file.
  const rawAuth = next.extensions?.auth;
  if (to.host === 'switchboard' && rawAuth !== undefined) {
    next.extensions = Object.fromEntries(Object.entries(next.extensions ?? {}).filter(([k]) => k !== 'auth'));
    const read = rawAuth !== null && typeof rawAuth === 'object' && !Array.isArray(rawAuth) ? readCompanyAuth(rawAuth as Record<string, unknown>, false) : undefined;
    const why = read && 'problem' in read ? ` (${read.problem})` : '';
    notes.push(`"auth" was not copied: ${HOST_LABELS[from.host]}'s entry holds one Switchboard does not use there${why}; set the server's sign-in in Switchboard`);
  }
  if (to.host === 'codex' && next.env) {
    // Codex passes variables through by NAME (`env_vars`), never `${VAR}`.
    const passThrough = Object.entries(next.env).filter(([k, v]) => v === `\${${k}}`).map(([k]) => k);
    if (passThrough.length > 0) {
      next.env = Object.fromEntries(Object.entries(next.env).filter(([k]) => !passThrough.includes(k)));
      next.extensions = { ...(next.extensions ?? {}), env_vars: passThrough };
    }
  }
  // Attack pass 8, F10: a copy keeps what the source host would do. Into a file whose values run
  // (`!…`) or read the environment (bare names), a literal from a host where they do not is refused.
  if (hostResolvesValues(to.host) && !hostResolvesValues(from.host)) {
    const { env, headers, auth } = server;
    for (const p of checkOutsideDefinition({ env, headers, auth }, ctx.env)) if (p.syntax !== 'placeholder') live.push(p.message);
  }
  if (live.length > 0) {
    throw new CoreError(
      'BAD_REQUEST',
      `Copying "${name}" from ${HOST_LABELS[from.host]} to ${HOST_LABELS[to.host]} would change what its values do: ${live.join('; ')}. Nothing was written; set ${live.length === 1 ? 'this value' : 'these values'} by hand in the copy`,
    );
  }
  if (literalSecrets.length > 0 && !options.allowLiteralSecrets) {
    throw new CoreError('BAD_REQUEST', `Copying "${name}" to ${HOST_LABELS[to.host]} writes literal secrets (${literalSecrets.join(', ')}) into ${to.file}; confirm to write them (--allow-literal-secrets)`);
  }
  if (literalSecrets.length > 0) notes.push(`Literal secrets written to ${to.file}: ${literalSecrets.join(', ')}`);
  const outcome = await addServerToFile(to, next, ctx, { keepForeignName: true });
  return { ...outcome, notes: [...notes, ...outcome.notes] };
}
