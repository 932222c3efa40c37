/**
 * The approved form of a definition (issue 16 item 1, docs/trust.md § The approval hash): the
 * launch and contact fields as WRITTEN in the project file (before any `${…}` expansion, so a
 * changed environment does not read as a changed file), normalised, with every secret-looking
 * value replaced by a hash. The approval hash is a SHA-256 of that entry as canonical JSON.
 */
import { createHash } from 'node:crypto';
import type { MCPServer, ServerDefinition } from '../../../src-shared/config/server.js';
import type { ApprovalChange, ApprovalPrompt } from '../../../src-shared/api/approval.js';
import { isSecretKey, redactUrl } from '../../../src-shared/redaction.js';

/** A value kept only as a hash: `sha256:<first 16 hex>` of a domain-separated SHA-256. */
const HASHED = /^sha256:[0-9a-f]{16}$/;

/** The normalised entry an approval binds: strings only, secret values hashed. */
export interface ApprovalEntry {
  transport: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  /** The URL's secret parts as a hash when `url` had any (`url` itself is then redacted). */
  urlSecret?: string;
  headers?: Record<string, string>;
  auth?: Record<string, string>;
}

/** The fields of a definition an approval covers, as written (project files keep them in `written`). */
export const APPROVED_FIELDS = ['command', 'args', 'env', 'cwd', 'url', 'headers', 'auth'] as const;

/** `sha256:<16 hex>` of `value` (domain-separated so it is not a plain SHA-256 of the secret). */
export function hashSecret(value: string): string {
  return `sha256:${createHash('sha256').update(`switchboard-approval\0${value}`).digest('hex').slice(0, 16)}`;
}

/** The normalised approval entry of `def` (its `written` fields when present, else the fields themselves). */
export function approvalEntry(def: ServerDefinition): ApprovalEntry {
  const w: Partial<MCPServer> = (def.written as Partial<MCPServer> | undefined) ?? def;
  const entry: ApprovalEntry = { transport: def.transport };
  if (w.command !== undefined) entry.command = w.command;
  if (w.args !== undefined) entry.args = [...w.args];
  if (w.cwd !== undefined) entry.cwd = w.cwd;
  if (w.url !== undefined) {
    const shown = redactUrl(w.url);
    entry.url = shown;
    if (shown !== w.url) entry.urlSecret = hashSecret(w.url);
  }
  const keyed = (rec: Record<string, string> | undefined): Record<string, string> | undefined =>
    rec === undefined ? undefined : Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, isSecretKey(k) ? hashSecret(v) : v]));
  if (w.env !== undefined) entry.env = keyed(w.env);
  // Every header value may carry a credential under an innocent name: only the names stay readable.
  if (w.headers !== undefined) entry.headers = Object.fromEntries(Object.entries(w.headers).map(([k, v]) => [k, hashSecret(v)]));
  if (w.auth !== undefined) {
    const auth: Record<string, string> = {};
    for (const [k, v] of Object.entries(w.auth)) {
      if (typeof v !== 'string') continue;
      auth[k] = ['token', 'password', 'value'].includes(k) ? hashSecret(v) : v;
    }
    entry.auth = auth;
  }
  return entry;
}

/** JSON with object keys sorted at every level: equal values give equal text (undefined members left out). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The approval hash of an entry: `sha256:<64 hex>` of its canonical JSON. */
export function approvalHash(entry: ApprovalEntry): string {
  return `sha256:${createHash('sha256').update(canonicalJson(entry)).digest('hex')}`;
}

/** What the approval prompt shows for `entry`: env values only for keys that are not secret-looking. */
export function approvalPrompt(entry: ApprovalEntry): ApprovalPrompt {
  const prompt: ApprovalPrompt = {
    transport: entry.transport,
    env: Object.entries(entry.env ?? {}).map(([name, value]) => (isSecretKey(name) ? { name, secret: true } : { name, value, secret: false })),
    headerNames: Object.keys(entry.headers ?? {}),
  };
  if (entry.command !== undefined) prompt.command = entry.command;
  if (entry.args !== undefined) prompt.args = [...entry.args];
  if (entry.cwd !== undefined) prompt.cwd = entry.cwd;
  if (entry.url !== undefined) prompt.url = entry.url;
  if (entry.auth?.type !== undefined) {
    const id = entry.auth.credentialId ?? entry.auth.username ?? entry.auth.name;
    prompt.auth = id !== undefined ? `${entry.auth.type} (${entry.auth.credentialId !== undefined ? 'credential ' : ''}${id})` : entry.auth.type;
  }
  return prompt;
}

/** Flatten an entry to `field → text` (`env.NAME`, `headers.NAME`, `auth.token`, `args`). */
function flatten(entry: ApprovalEntry): Map<string, string> {
  const out = new Map<string, string>();
  out.set('transport', entry.transport);
  for (const key of ['command', 'cwd', 'url', 'urlSecret'] as const) if (entry[key] !== undefined) out.set(key, entry[key]!);
  if (entry.args !== undefined) out.set('args', JSON.stringify(entry.args));
  for (const group of ['env', 'headers', 'auth'] as const) for (const [k, v] of Object.entries(entry[group] ?? {})) out.set(`${group}.${k}`, v);
  return out;
}

/**
 * The fields that differ between the approved entry and the current one (`before` undefined =
 * a new definition: every field reads `added`). Hashed values are never shown: `secret: true`,
 * and the change reads "value changed".
 */
export function diffEntries(before: ApprovalEntry | undefined, after: ApprovalEntry): ApprovalChange[] {
  const a = before ? flatten(before) : new Map<string, string>();
  const b = flatten(after);
  const changes: ApprovalChange[] = [];
  const shown = (v: string | undefined): string | undefined => (v === undefined || HASHED.test(v) ? undefined : v);
  for (const field of [...new Set([...a.keys(), ...b.keys()])]) {
    const x = a.get(field);
    const y = b.get(field);
    if (x === y) continue;
    const change: ApprovalChange = { field, change: x === undefined ? 'added' : y === undefined ? 'removed' : 'changed' };
    const secret = (x !== undefined && HASHED.test(x)) || (y !== undefined && HASHED.test(y));
    if (secret) change.secret = true;
    if (shown(x) !== undefined) change.before = shown(x);
    if (shown(y) !== undefined) change.after = shown(y);
    changes.push(change);
  }
  return changes;
}
