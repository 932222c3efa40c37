/**
 * The one redaction rule (issue 9 item 4; docs/auth.md "tokens never in a log, a trace or what we show").
 * Every sink — server logs, the JSON-RPC trace, status, errors, call history, the CLI's `--json`,
 * the web host's and IPC's messages — passes what it shows through these functions. Pure (no
 * `node:`, no DOM), so the renderer can use the same key rule to mask its input fields.
 *
 * What counts as a secret:
 * - a value we hold as secret (keychain tokens, resolved env/header values, passwords), wherever
 *   it appears in text;
 * - the value under a secret KEY (`isSecretKey`), at any depth of a JSON value;
 * - a URL's userinfo password (or a lone username, which is often a token) and its secret query
 *   parameters (`?api_key=…`, `?access_token=…`, `?code=…`);
 * - the credential after `Bearer ` / `Basic ` in text.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';
/** What replaces a secret inside a URL (stays a valid URL). */
export const URL_MASK = '***';
/** Shortest held value treated as a secret (shorter ones would redact ordinary words). */
export const MIN_SECRET_LENGTH = 8;

/** Last words that make a key secret on their own (`password`, `client_secret`, `Set-Cookie`…). */
const SECRET_LAST_WORDS = new Set([
  'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secrets', 'cookie', 'cookies', 'credential', 'credentials',
  'authorization', 'auth', 'apikey', 'signature', 'sig', 'bearer', 'verifier', 'assertion', 'pat',
]);
/** Words before `token` that name something that is not a credential (`progressToken`, `nextPageToken`). */
const PUBLIC_TOKEN_QUALIFIERS = new Set([
  'progress', 'page', 'next', 'prev', 'previous', 'continuation', 'cancellation', 'cancel', 'sync', 'max', 'min',
  'total', 'count', 'input', 'output', 'cache', 'cached', 'pagination', 'resume', 'reasoning', 'completion', 'prompt',
]);
/** Words before `key` that make it a credential (`apiKey`, `privateKey`, `SECRET_ACCESS_KEY`). */
const SECRET_KEY_QUALIFIERS = new Set([
  'api', 'private', 'secret', 'access', 'client', 'signing', 'encryption', 'master', 'license', 'auth', 'session',
  'subscription', 'service', 'account', 'app', 'application', 'deploy', 'ssh', 'consumer', 'admin', 'write', 'read',
]);

/** A key split into lower-case words: `x-api-key` → [x, api, key]; `maxTokens` → [max, tokens]; `GITHUB_TOKEN` → [github, token]. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * Whether the value under `key` is a secret, by a precise rule on the key's words (never "any key
 * containing token"): the last word is one of password, secret, cookie, credential(s),
 * authorization, auth, apikey, signature, verifier, …; or it is `token` not preceded by a word
 * that makes it public (`progressToken`, `nextPageToken`, `max_token` stay visible; `maxTokens`
 * and `tokenUrl` never match); or it is `key` after a credential word (`apiKey`, `privateKey`,
 * `x-api-key`) or in an environment-variable name (`STRIPE_KEY`); or `privateKeyPem`.
 */
export function isSecretKey(key: string): boolean {
  // The trace asks this for every key of every JSON-RPC message; the same few keys recur.
  const known = secretKeyMemo.get(key);
  if (known !== undefined) return known;
  const answer = classifyKey(key);
  if (secretKeyMemo.size >= SECRET_KEY_MEMO_SIZE) secretKeyMemo.clear();
  secretKeyMemo.set(key, answer);
  return answer;
}

/** Keys remembered by `isSecretKey` before the memo starts over (bounds its memory). */
const SECRET_KEY_MEMO_SIZE = 2048;
const secretKeyMemo = new Map<string, boolean>();

function classifyKey(key: string): boolean {
  const words = keyWords(key);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  const prev = words[words.length - 2];
  if (SECRET_LAST_WORDS.has(last)) return true;
  if (last === 'token') return prev === undefined || !PUBLIC_TOKEN_QUALIFIERS.has(prev);
  if (last === 'key') return (prev !== undefined && SECRET_KEY_QUALIFIERS.has(prev)) || (words.length > 1 && /^[A-Z0-9_]+$/.test(key));
  if (last === 'pem') return words.includes('key');
  return false;
}

/**
 * Well-known credential shapes, recognised by value whatever key holds them (trial 5 finding 3):
 * OpenAI/Anthropic-style `sk-…` (`sk-proj-`, `sk-live-`…), GitHub `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_`
 * and `github_pat_`, Slack `xoxa-`/`xoxb-`/`xoxp-`/`xoxr-`/`xoxs-`, AWS access key ids `AKIA…`/`ASIA…`.
 * Bounded quantifiers: linear over long text.
 */
const TOKEN_SHAPE_SOURCE =
  '(?:sk-(?:[a-z]{2,8}-)?[A-Za-z0-9_-]{10,512}|gh[opusr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|xox[abprs]-[A-Za-z0-9-]{10,255}|(?:AKIA|ASIA)[0-9A-Z]{16})';
const TOKEN_IN_TEXT = new RegExp(`(?<![A-Za-z0-9_-])${TOKEN_SHAPE_SOURCE}(?![A-Za-z0-9_-])`, 'g');
const TOKEN_WHOLE = new RegExp(`^${TOKEN_SHAPE_SOURCE}$`);

/**
 * Whether `value` is a secret by its shape alone: a well-known token (`sk-proj-…`, `ghp_…`,
 * `xoxb-…`, `AKIA…`), an `Authorization`-style `Bearer <credential>` / `Basic <credential>`, or a URL
 * carrying a password (`postgres://admin:pw@db`). A value holding `${…}` is a reference, never a secret.
 */
export function isSecretValue(value: string): boolean {
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH || v.includes('${')) return false;
  if (TOKEN_WHOLE.test(v) || /^(?:Bearer|Basic)\s+\S{8,}$/i.test(v)) return true;
  if (!v.includes('://')) return false;
  try {
    return new URL(v).password !== '';
  } catch {
    return false;
  }
}

/**
 * The secret values in a program's arguments (trial 5 finding 3): the value of `--flag=value` and
 * of `--flag value` when the flag names a secret (`isSecretKey`: `--api-key`, `--token`), an
 * argument that is a secret by shape (`isSecretValue`), and a URL's password. Each at most once.
 */
export function secretArgValues(args: readonly string[]): string[] {
  const out = new Set<string>();
  args.forEach((arg, i) => {
    if (arg.includes('${')) return;
    const pair = /^--?([A-Za-z][A-Za-z0-9_.-]{0,63})=(.+)$/s.exec(arg);
    // A URL's password alone is the secret (below): the address stays readable.
    const shaped = (v: string): boolean => isSecretValue(v) && !v.includes('://');
    if (pair && ((isSecretKey(pair[1]!) && !pair[2]!.includes('://')) || shaped(pair[2]!))) out.add(pair[2]!);
    else if (!pair && shaped(arg)) out.add(arg);
    const flag = /^--?([A-Za-z][A-Za-z0-9_.-]{0,63})$/.exec(arg);
    const next = args[i + 1];
    if (flag && next !== undefined && !next.startsWith('-') && !next.includes('${') && isSecretKey(flag[1]!)) out.add(next);
    const candidate = pair ? pair[2]! : arg;
    if (candidate.includes('://')) {
      try {
        const password = decodeURIComponent(new URL(candidate).password);
        if (password) out.add(password);
      } catch {
        // not a URL
      }
    }
  });
  return [...out].filter((v) => v.length > 0);
}

/**
 * Query parameters that are secrets beyond the key rule: OAuth's authorization `code`, a bare
 * `key`, and session ids (a legacy SSE `sessionId` lets anyone post into that session).
 */
function isSecretQueryParam(name: string): boolean {
  const words = keyWords(name);
  return name.toLowerCase() === 'code' || name.toLowerCase() === 'key' || words.includes('session') || isSecretKey(name);
}

/**
 * `url` with its userinfo password (or a lone username) and the values of secret query parameters
 * replaced by `***`. Text that is not an absolute URL is returned unchanged.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.password) {
    parsed.password = URL_MASK;
    changed = true;
  } else if (parsed.username) {
    parsed.username = URL_MASK;
    changed = true;
  }
  for (const key of [...new Set(parsed.searchParams.keys())]) {
    if (isSecretQueryParam(key)) {
      parsed.searchParams.set(key, URL_MASK);
      changed = true;
    }
  }
  return changed ? parsed.toString().replaceAll('%2A%2A%2A', URL_MASK) : url;
}

/** An absolute URL inside text (stops at whitespace, quotes and brackets). Every quantifier is bounded: these run over 8 MB tool results. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`\\]{1,8192}/gi;
/** `Bearer <credential>` / `Basic <credential>` in text (16+ credential characters, so prose stays). */
const AUTH_SCHEME_IN_TEXT = /\b(Bearer|Basic)(\s{1,8})[A-Za-z0-9._~+/=-]{16,8192}/g;
/** A `key=value` / `key: value` / `"key": "value"` pair in free text (`api_key=abc`, `"password": "a b"`). */
const PAIR_IN_TEXT = /\b([A-Za-z][A-Za-z0-9_.-]{0,63})(\s*=\s*|":\s*|"?\s*:\s+|"\s*=\s*)(?:"((?:[^"\\\n]|\\.){1,4096})"|([^\s"&,;]{4,4096}))/g;

/** A `--flag=value` command-line pair in text (`node: bad option: --api-key=…`), read before the general pair rule swallows it. */
const FLAG_PAIR_IN_TEXT = /(?<![A-Za-z0-9_-])(--?)([A-Za-z][A-Za-z0-9_.-]{0,63})=([^\s"'&,;]{1,4096})/g;

/** Pair values that are not secrets themselves: already masked, a placeholder, an auth scheme word. */
const KEEP_PAIR_VALUE = /^(\[redacted|\*\*\*|•|\$\{|Bearer$|Basic$|true$|false$|null$)/;

/** A path of keys: `headers.Authorization`, `env.API_KEY`, `args[2]` (segments bounded: linear). */
const KEY_PATH = /^[A-Za-z_][A-Za-z0-9_-]{0,127}(?:\.[A-Za-z_][A-Za-z0-9_-]{0,127}|\[\d{1,6}\]){1,16}$/;
/** Fields of a server definition whose paths messages name (a placeholder's `env.X`, `headers.X`, `args[N]`). */
const FIELD_ROOTS = new Set(['env', 'headers', 'args']);

/**
 * Whether a bare pair value names a field instead of holding one (issue 14 item 8: `Server
 * "remote-auth": headers.Authorization holds …` is a server name and a field path, not a secret):
 * a path of keys rooted at a definition field, or ending in a key that is itself a secret's name.
 * A credential is never such a path: a JWT's segments end in its signature, not a key name.
 */
function namesAField(value: string): boolean {
  if (!KEY_PATH.test(value)) return false;
  const segments = value.split(/[.[]/);
  return FIELD_ROOTS.has(segments[0]!) || isSecretKey(segments[segments.length - 1]!);
}

/** Escape a string for use inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A compiled set of held secret values. */
export interface SecretValues {
  /** Replace every held value in `text`. */
  scrub(text: string): string;
}

/**
 * A value that is only unresolved placeholders (`${env:API_KEY}`, `Bearer ${TOKEN}`): it names where a
 * secret would come from, it is not one — a warning that quotes it must keep it readable (issue 14 item 8).
 */
const PLACEHOLDERS_ONLY = /^\s*(?:(?:Bearer|Basic)\s+)?(?:\$\{[^}\s]{1,256}\}\s*)+$/;

/**
 * Held values (each at least `MIN_SECRET_LENGTH` characters) compiled once for repeated use. A value
 * made only of unresolved placeholders is not held (`PLACEHOLDERS_ONLY`).
 */
export function secretValues(values: Iterable<string | undefined>): SecretValues {
  const list = [...new Set([...values].filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_LENGTH && !PLACEHOLDERS_ONLY.test(v)))];
  if (list.length === 0) return { scrub: (text) => text };
  const pattern = new RegExp(list.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return { scrub: (text) => (text.length < MIN_SECRET_LENGTH ? text : text.replace(pattern, REDACTED)) };
}

const NO_VALUES: SecretValues = { scrub: (text) => text };

/**
 * `text` without secrets: held values, URL userinfo and secret query values, the credential after
 * `Bearer`/`Basic`, and the value of a `secret_key=value` / `"password": "…"` pair. Linear in the
 * length of `text`.
 */
export function redactText(text: string, held: SecretValues = NO_VALUES): string {
  if (text === '') return text;
  let out = held.scrub(text);
  if (out.includes('://')) out = out.replace(URL_IN_TEXT, (url) => redactUrl(url));
  if (/sk-|gh[opusr]_|github_pat_|xox|AKIA|ASIA/.test(out)) out = out.replace(TOKEN_IN_TEXT, REDACTED);
  if (/-[A-Za-z]/.test(out)) {
    out = out.replace(FLAG_PAIR_IN_TEXT, (match, dashes: string, flag: string, value: string) => (isSecretKey(flag) && !KEEP_PAIR_VALUE.test(value) ? `${dashes}${flag}=${REDACTED}` : match));
  }
  if (/Bearer|Basic/.test(out)) out = out.replace(AUTH_SCHEME_IN_TEXT, (_m, scheme: string, space: string) => `${scheme}${space}${REDACTED}`);
  if (/[=:]/.test(out)) {
    out = out.replace(PAIR_IN_TEXT, (match, key: string, sep: string, quoted: string | undefined, bare: string | undefined) => {
      const value = quoted ?? bare ?? '';
      if (!isSecretKey(key) || value === '' || KEEP_PAIR_VALUE.test(value) || (bare !== undefined && namesAField(bare))) return match;
      return quoted !== undefined ? `${key}${sep}"${REDACTED}"` : `${key}${sep}${REDACTED}`;
    });
  }
  return out;
}

/**
 * A copy of `value` without secrets, at any depth (no recursion limit: an explicit stack; a cycle
 * becomes `"[cycle]"`): every string through `redactText`, and every scalar under a secret key
 * (`isSecretKey`) replaced by `[redacted]` (objects under such keys are walked, not dropped, so
 * `credentials: {scope}` keeps its non-secret parts). Keys are kept as they are.
 */
export function redactValue<T>(value: T, held: SecretValues = NO_VALUES): T {
  const root: { v: unknown } = { v: undefined };
  const onPath = new Set<object>();
  // Each frame: the source, where its copy goes, and the key it sits under.
  type Frame = { src: unknown; put: (v: unknown) => void; key?: string } | { leave: object };
  const stack: Frame[] = [{ src: value, put: (v) => (root.v = v) }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('leave' in frame) {
      onPath.delete(frame.leave);
      continue;
    }
    const { src, put, key } = frame;
    if (typeof src === 'string') {
      put(key !== undefined && isSecretKey(key) && src !== '' ? REDACTED : redactText(src, held));
      continue;
    }
    if (src === null || typeof src !== 'object') {
      put(key !== undefined && isSecretKey(key) && (typeof src === 'number' || typeof src === 'bigint') ? REDACTED : src);
      continue;
    }
    if (onPath.has(src)) {
      put('[cycle]');
      continue;
    }
    onPath.add(src);
    stack.push({ leave: src });
    if (Array.isArray(src)) {
      const copy: unknown[] = new Array<unknown>(src.length);
      put(copy);
      for (let i = src.length - 1; i >= 0; i--) stack.push({ src: src[i], put: (v) => (copy[i] = v), key });
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      const entries = Object.entries(src as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        stack.push({ src: v, put: (x) => Object.defineProperty(copy, k, { value: x, enumerable: true, writable: true, configurable: true }), key: k });
      }
    }
  }
  return root.v as T;
}

/**
 * `JSON.stringify(redactValue(value, held))` in one pass, without building the copy (the JSON-RPC
 * trace turns every message into text with it): the same rule — every string through
 * `redactText`, a scalar under a secret key (array elements count as under their array's key)
 * replaced by `[redacted]`. Throws what `JSON.stringify` throws (a cycle, a BigInt); callers that
 * must show such values fall back to `redactValue`.
 */
export function redactedJson(value: unknown, held: SecretValues = NO_VALUES): string {
  const arrayKeys = new WeakMap<object, string>();
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown): unknown {
    const under = Array.isArray(this) ? arrayKeys.get(this) : key;
    if (typeof v === 'string') return under && v !== '' && isSecretKey(under) ? REDACTED : redactText(v, held);
    if (typeof v === 'number') return under && isSecretKey(under) ? REDACTED : v;
    if (Array.isArray(v) && under !== undefined) arrayKeys.set(v, under);
    return v;
  });
}
