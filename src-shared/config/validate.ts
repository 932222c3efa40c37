/**
 * Structural validation of server configs (docs/server-model.md). Pure.
 *
 * Reading is lenient (normalise, then validate; a rejected entry is a warning on its file);
 * writing is strict (the same rules plus the name rule).
 */
import type { TransportType } from './server.js';

/** Spellings of the transport field seen across hosts (docs/host-formats.md §4.2) → canonical. */
const TRANSPORT_SPELLINGS: Record<string, TransportType> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamablehttp: 'http',
  streamable_http: 'http',
  sse: 'sse',
};

/**
 * Canonical transport for a spelling, case-insensitive; `undefined` for an unknown spelling.
 * `streamable-http`, `streamableHttp`, `streamable_http` → `http` (docs/server-model.md).
 */
export function normalizeTransportSpelling(value: string): TransportType | undefined {
  return TRANSPORT_SPELLINGS[value.trim().toLowerCase()];
}

/** Raw fields validation looks at, after a provider has normalised its host's shape. */
export interface RawServerFields {
  transport?: unknown;
  type?: unknown;
  command?: unknown;
  url?: unknown;
}

/** Outcome of validation: the canonical transport, or every reason the entry is rejected. */
export type ValidationOutcome =
  | { ok: true; transport: TransportType }
  | { ok: false; errors: string[] };

/**
 * Infer and check the transport of a raw entry (docs/server-model.md).
 *
 * Transport = `transport ?? type ?? (command ? "stdio" : url ? "http" : "stdio")`. Rejects: both
 * `command` and `url`; `stdio` without `command`; `http`/`sse` without `url`; an unknown type; a
 * `url` that is not an absolute http(s) URL (`urlProblem`).
 * Returns errors (never throws); callers prefix them with `Invalid server config: `.
 */
export function validateServerConfig(raw: RawServerFields): ValidationOutcome {
  const errors: string[] = [];
  const hasCommand = typeof raw.command === 'string' && raw.command.trim() !== '';
  const hasUrl = typeof raw.url === 'string' && raw.url.trim() !== '';
  const declared = raw.transport ?? raw.type;
  let transport: TransportType | undefined;
  if (declared === undefined || declared === null) {
    transport = hasCommand ? 'stdio' : hasUrl ? 'http' : 'stdio';
  } else if (typeof declared !== 'string') {
    errors.push(`transport type must be a string, got ${typeof declared}`);
  } else {
    transport = normalizeTransportSpelling(declared);
    if (!transport) errors.push(`unknown transport type "${declared}" (use stdio, http or sse)`);
  }
  if (raw.command !== undefined && typeof raw.command !== 'string') errors.push('"command" must be a string');
  if (raw.url !== undefined && typeof raw.url !== 'string') errors.push('"url" must be a string');
  if (hasCommand && hasUrl) errors.push('set either "command" (stdio) or "url" (http/sse), not both');
  if (transport === 'stdio' && !hasCommand && !hasUrl) errors.push('stdio transport requires "command"');
  if (transport === 'stdio' && !hasCommand && hasUrl) errors.push('stdio transport requires "command", not "url"');
  if ((transport === 'http' || transport === 'sse') && !hasUrl && !hasCommand) {
    errors.push(`${transport} transport requires "url"`);
  }
  if ((transport === 'http' || transport === 'sse') && !hasUrl && hasCommand) {
    errors.push(`${transport} transport requires "url", not "command"`);
  }
  if (hasUrl && (transport === 'http' || transport === 'sse')) {
    const problem = urlProblem((raw.url as string).trim());
    if (problem) errors.push(problem);
  }
  if (errors.length > 0 || !transport) return { ok: false, errors };
  return { ok: true, transport };
}

/** A placeholder the host expands later (`${VAR}`, `${env:VAR}`, Continue's `${{ secrets.X }}`): checked once expanded. */
const PLACEHOLDER = /\$\{|\{\{/;

/**
 * Why `url` cannot be a remote server's address, or `undefined`: it must parse as an absolute URL
 * (WHATWG `URL`) with scheme `http:` or `https:`. A URL holding a placeholder is not judged unless
 * `placeholders` is false (an install link, whose text is final).
 */
export function urlProblem(url: string, options: { placeholders?: boolean } = {}): string | undefined {
  if (options.placeholders !== false && PLACEHOLDER.test(url)) return undefined;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return `"url" is not a valid URL: ${JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url)} (write it in full, e.g. https://example.com/mcp)`;
  }
  if (protocol !== 'http:' && protocol !== 'https:') return `"url" must be http or https, not ${protocol.replace(/:$/, '')}`;
  return undefined;
}

/** Maximum length of a server name we create (docs/server-model.md). */
export const MAX_SERVER_NAME_LENGTH = 100;
const SERVER_NAME_RE = /^[a-zA-Z0-9_.-]+$/;

/**
 * Write-side name rule (docs/server-model.md): non-empty, ≤ 100 characters, only `[a-zA-Z0-9_.-]`.
 * Returns an error message, or `undefined` when the name is valid. Names read from other hosts
 * (registry names with `/`) are not checked with this; it applies to names we create.
 */
export function validateServerName(name: string): string | undefined {
  if (name.length === 0) return 'server name must not be empty';
  if (name.length > MAX_SERVER_NAME_LENGTH) {
    return `server name must be at most ${MAX_SERVER_NAME_LENGTH} characters (got ${name.length})`;
  }
  if (!SERVER_NAME_RE.test(name)) return 'server name may only contain letters, digits, "_", "." and "-"';
  // A name every JavaScript object already has a property of: written into a TOML file it is a table
  // no reader may read (files/structured-document.ts), and in any map it is a trap.
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') return `server name "${name}" is reserved (every JavaScript object has a property of that name); choose another`;
  return undefined;
}

/** The user-facing prefix of every validation error (docs/operator-verbs.md: keep these words). */
export function invalidConfigMessage(errors: string[]): string {
  return `Invalid server config: ${errors.join('; ')}`;
}

/**
 * Deepest nesting of objects/arrays a server entry we write may hold: the file around it adds a few
 * levels, and readers refuse a file nested deeper than 256 (structured-document.ts), so a deeper
 * entry would hide every other server of that file.
 */
export const MAX_ENTRY_NESTING = 200;

/**
 * Why `value` nests too deep to write (attack pass, issue 14: a value 10,000 levels deep was written,
 * and the file was then refused whole), or `undefined`. Iterative (no recursion, so no stack
 * overflow); stops at the first level past `max`.
 */
export function nestingProblem(value: unknown, max = MAX_ENTRY_NESTING): string | undefined {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    if (depth >= max) return `${path || 'the server'} nests deeper than ${max} levels (a config file cannot hold it)`;
    seen.add(v);
    for (const [k, child] of Object.entries(v)) {
      if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1, path: path === '' ? k : `${path}.${k}` });
    }
  }
  return undefined;
}
