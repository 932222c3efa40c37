/**
 * The one redaction rule (issue 9 item 4, issue 26 item 2; docs/security.md "Redaction"). Pure (no
 * `node:`, no DOM), so the renderer can use the same key rule to mask its input fields.
 *
 * A value is secret when it is held (the configuration supplied it: the keychain or a secret
 * reference, a value under a secret KEY — `isSecretKey` —, a literal credential-looking value), or
 * when it looks like a credential whatever its key (`isSecretValue` / in text: well-known token
 * prefixes, JWTs, URL userinfo and credential query parameters, `Bearer …`, high-entropy runs —
 * `isHighEntropy`). Never masked: fixed-format identifiers (UUIDs, trace and span ids, digests, git
 * hashes, values under identifier keys such as `mcp-session-id`) and the base64 of image, audio and
 * blob content.
 *
 * Two uses of the one rule:
 * - *shown or stored* (logs, trace, status and `lastError`, history, exports, events):
 *   `redactText` / `redactValue` / `redactedJson` mask every secret as defined;
 * - *handed on as a result* (a tool call, a resource, a prompt, a saved check — CLI `call`,
 *   `--json`, the library, the window's result view): `maskHeld` masks only held values and counts
 *   them, so the result says how many values were masked.
 *
 * Its parts: the key rule in secret-keys.ts, the value rule in secret-values.ts, URLs in
 * secret-urls.ts, token shapes and entropy in secret-shapes.ts; text and structured values here.
 * Everything is exported from here.
 */

import { ENTROPY_MIN_LENGTH, ENTROPY_RUN, isHighEntropy, isWordy, TOKEN_HINT, TOKEN_IN_TEXT, TOKEN_WHOLE } from './secret-shapes.js';

import { isIdentifierKey, isSecretKey } from './secret-keys.js';
import { isSecretQueryParam, redactUrl, URL_MASK } from './secret-urls.js';
import { MIN_SECRET_LENGTH } from './secret-values.js';

export { ENTROPY_MIN_BITS, ENTROPY_MIN_LENGTH, isHighEntropy } from './secret-shapes.js';
export { isIdentifierKey, isSecretKey, keyWords } from './secret-keys.js';
export { URL_MASK, redactUrl } from './secret-urls.js';
export { MIN_SECRET_LENGTH, isPlainLocation, isSecretValue, secretArgValues } from './secret-values.js';

/** The base64 content of a data URL in text (captured, so `split` keeps it as every odd part). */
const DATA_URL_CONTENT = /(;base64,[A-Za-z0-9+/=]{1,8388608})/;

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/**
 * `text` with every high-entropy run (`isHighEntropy`) replaced — outside absolute URLs (a plain URL
 * is no secret; its credentials are `redactUrl`'s: an OAuth `code_challenge` must stay usable) and
 * except base64 after `;base64,` (a data URL's content).
 */
function redactEntropy(text: string): string {
  const runs = (part: string): string =>
    part.replace(ENTROPY_RUN, (run, at: number) => (part.endsWith(';base64,', at) ? run : keyedRun(run) ?? (isHighEntropy(run) ? REDACTED : run.includes('/') ? redactPathSegments(run) : run)));
  if (!text.includes('://')) return runs(text);
  let out = '';
  let last = 0;
  for (const url of text.matchAll(URL_IN_TEXT)) {
    out += runs(text.slice(last, url.index)) + redactUrlPath(url[0]);
    last = url.index + url[0].length;
  }
  return out + runs(text.slice(last));
}

/**
 * A run that is `name=value` with a name of words (`nextPageToken=CiAK…`): the value alone is
 * tested and masked, the name stays (attack 8 M6: the whole text became `[redacted]`). Undefined
 * when the run is not such a pair.
 */
function keyedRun(run: string): string | undefined {
  const eq = run.indexOf('=');
  if (eq < 1 || eq > 64 || eq === run.length - 1 || run[eq + 1] === '=' || !/^[A-Za-z][A-Za-z0-9_.-]*$/.test(run.slice(0, eq)) || !isWordy(run.slice(0, eq))) return undefined;
  const value = run.slice(eq + 1);
  return `${run.slice(0, eq + 1)}${isHighEntropy(value) ? REDACTED : value}`;
}

/**
 * `path` with every high-entropy SEGMENT (split at `/`) replaced (attack 8 F14): an absolute path
 * or a URL path is no secret as a whole, but `…/api/mcp/s/<56 random characters>/mcp` (Zapier,
 * webhooks) carries one in a segment. Segments of words, hex identifiers and short random parts stay.
 */
function redactPathSegments(path: string): string {
  if (path.length < ENTROPY_MIN_LENGTH) return path;
  return path
    .split('/')
    .map((segment) => (isHighEntropy(segment) ? REDACTED : segment))
    .join('/');
}

/** An absolute URL with its path's high-entropy segments replaced; the query (an OAuth `code_challenge`) and fragment stay. */
function redactUrlPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return url;
  const end = url.slice(start).search(/[?#]/);
  const stop = end < 0 ? url.length : start + end;
  return url.slice(0, start) + redactPathSegments(url.slice(start, stop)) + url.slice(stop);
}

/** An absolute URL inside text (stops at whitespace, quotes and brackets). Every quantifier is bounded: these run over 8 MB tool results. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`\\]{1,8192}/gi;
/**
 * `Bearer <credential>` / `Basic <credential>` in text (16+ credential characters, so prose stays);
 * any case (`bearer …`), but a scheme word not spelled `Bearer`/`Basic` needs a digit in the
 * credential (`basic understanding-of-things` is prose).
 */
const AUTH_SCHEME_IN_TEXT = /\b(Bearer|Basic)(\s{1,8})([A-Za-z0-9._~+/=-]{16,8192})/gi;
/** An `Authorization:` header in text with its scheme (`Authorization: token <cred>`, GitHub's scheme): the credential after the scheme is the secret. */
const AUTH_HEADER_IN_TEXT = /\b((?:Proxy-)?Authorization"?\s{0,8}[:=]\s{0,8}"?)(Bearer|Basic|Token|Digest|Negotiate|Bot|OAuth|ApiKey)(\s{1,8})([^\s"'<>\\]{1,4096})/gi;
/** A `key=value` / `key: value` / `"key": "value"` pair in free text (`api_key=abc`, `"password": "a b"`). */
const PAIR_IN_TEXT = /\b([A-Za-z][A-Za-z0-9_.-]{0,63})(\s*=\s*|":\s*|"?\s*:\s+|"\s*=\s*)(?:"((?:[^"\\\n]|\\.){1,4096})"|([^\s"&,;\\]{4,4096}))/g;
/** How deep `maskPairs` looks into quoted values for pairs (`"db": "…;Password=x"` in JSON in JSON). */
const PAIR_NESTING = 4;

/** A `--flag=value` command-line pair in text (`node: bad option: --api-key=…`), read before the general pair rule swallows it. */
const FLAG_PAIR_IN_TEXT = /(?<![A-Za-z0-9_-])(--?)([A-Za-z][A-Za-z0-9_.-]{0,63})=([^\s"'&,;]{1,4096})/g;

/** Pair values that are not secrets themselves: already masked, a placeholder, an auth scheme word. */
const KEEP_PAIR_VALUE = /^(\[redacted|\*\*\*|•|\$\{|(?:Bearer|Basic|Token|Digest|Negotiate|Bot|OAuth|ApiKey|true|false|null)$)/i;

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
  /** `text` with every held value replaced, and how many were (the mark a result carries: `redactions`). */
  mask?(text: string): { text: string; count: number };
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
  if (list.length === 0) return NO_VALUES;
  const pattern = new RegExp(list.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return {
    scrub: (text) => (text.length < MIN_SECRET_LENGTH ? text : text.replace(pattern, REDACTED)),
    mask: (text) => {
      let count = 0;
      const out = text.length < MIN_SECRET_LENGTH ? text : text.replace(pattern, () => (count++, REDACTED));
      return { text: out, count };
    },
  };
}

const NO_VALUES: SecretValues = { scrub: (text) => text, mask: (text) => ({ text, count: 0 }) };

/** A `?name=value` / `&name=value` query pair in text, e.g. an echoed request path (`GET /cb?code=…`). */
const QUERY_PAIR_IN_TEXT = /([?&])([A-Za-z][A-Za-z0-9_.-]{0,63})=([^\s"'&#<>]{1,4096})/g;

/** Whether any text rule below can apply to a short text: a URL, a pair, a flag, a token prefix, an auth scheme. */
const ANY_HINT = new RegExp(`[:?&=]|-[A-Za-z]|[Bb]earer|[Bb]asic|BEARER|BASIC|${TOKEN_HINT.source}`);

/** Options of `redactText`. */
export interface RedactTextOptions {
  /** Apply the entropy rule (default true; false for values under identifier keys, `isIdentifierKey`). */
  entropy?: boolean;
}

/**
 * `text` without secrets — the *shown or stored* use of the rule (docs/security.md "Redaction"):
 * held values, URL userinfo and secret query values (in absolute URLs and in `?…&…` pairs of an
 * echoed path), well-known token shapes and JWTs, the credential after `Bearer`/`Basic`, the value
 * of a `secret_key=value` / `"password": "…"` / `--api-key=…` pair, and high-entropy runs
 * (`isHighEntropy`). Linear in the length of `text`.
 */
export function redactText(text: string, held: SecretValues = NO_VALUES, options: RedactTextOptions = WITH_ENTROPY): string {
  if (text === '') return text;
  let out = held.scrub(text);
  // Most strings of a message are short and plain (`tools/call`, `hello`): one look, then done.
  if (out.length < ENTROPY_MIN_LENGTH && !ANY_HINT.test(out)) return out;
  if (out.includes('://')) out = out.replace(URL_IN_TEXT, (url) => redactUrl(url));
  if (/[?&][A-Za-z]/.test(out)) {
    out = out.replace(QUERY_PAIR_IN_TEXT, (match, sep: string, name: string, value: string) => (isSecretQueryParam(name) && !KEEP_PAIR_VALUE.test(value) ? `${sep}${name}=${URL_MASK}` : match));
  }
  if (TOKEN_HINT.test(out)) out = out.replace(TOKEN_IN_TEXT, REDACTED);
  if (/-[A-Za-z]/.test(out)) {
    out = out.replace(FLAG_PAIR_IN_TEXT, (match, dashes: string, flag: string, value: string) => (isSecretKey(flag) && !KEEP_PAIR_VALUE.test(value) ? `${dashes}${flag}=${REDACTED}` : match));
  }
  if (/bearer|basic|authorization/i.test(out)) {
    out = out.replace(AUTH_HEADER_IN_TEXT, (match, head: string, scheme: string, space: string, credential: string) => (KEEP_PAIR_VALUE.test(credential) ? match : `${head}${scheme}${space}${REDACTED}`));
    out = out.replace(AUTH_SCHEME_IN_TEXT, (match, scheme: string, space: string, credential: string) =>
      (scheme === 'Bearer' || scheme === 'Basic' || /[0-9]/.test(credential)) && !credential.startsWith(REDACTED) ? `${scheme}${space}${REDACTED}` : match,
    );
  }
  if (/[=:]/.test(out)) out = maskPairs(out, PAIR_NESTING);

  if (options.entropy !== false && out.length >= ENTROPY_MIN_LENGTH) out = redactEntropy(out);
  return out;
}

/**
 * `text` with the value of every secret-keyed pair masked (`api_key=…`, `"password": "…"`). The
 * quoted value of a pair whose key is not secret is searched too, `depth` levels deep: a pair inside
 * it (`"db": "Server=db;Password=x"`, JSON text inside a JSON string) is found, not skipped over.
 */
function maskPairs(text: string, depth: number): string {
  return text.replace(PAIR_IN_TEXT, (match, key: string, sep: string, quoted: string | undefined, bare: string | undefined) => {
    const value = quoted ?? bare ?? '';
    if (!isSecretKey(key)) return quoted !== undefined && depth > 1 && /[=:]/.test(quoted) ? `${key}${sep}"${maskPairs(quoted, depth - 1)}"` : match;
    if (value === '' || KEEP_PAIR_VALUE.test(value) || (bare !== undefined && namesAField(bare))) return match;
    return quoted !== undefined ? `${key}${sep}"${REDACTED}"` : `${key}${sep}${REDACTED}`;
  });
}


/**
 * Whether the string under `key` of `holder` is the base64 of image, audio or blob content (MCP
 * `ImageContent.data`, `AudioContent.data`, a resource's `blob`): never masked, never scanned.
 */
function isBase64Content(holder: unknown, key: string | undefined): boolean {
  if (key === 'blob') return true;
  if (key !== 'data' || holder === null || typeof holder !== 'object') return false;
  const type = (holder as { type?: unknown }).type;
  return type === 'image' || type === 'audio';
}

/**
 * A copy of `value` with every leaf (non-object) replaced by `leaf(v, key, holder)` — `key` is the
 * property it sits under (array elements count as under their array's key), `holder` the object or
 * array holding it. No recursion limit (an explicit stack); a cycle becomes `"[cycle]"`; keys kept.
 */
function mapLeaves<T>(value: T, leaf: (v: unknown, key: string | undefined, holder: object | undefined) => unknown): T {
  const root: unknown[] = [undefined];
  const onPath = new Set<object>();
  // Each frame: the source, the copy it goes into (`into[at]`), the key it sits under and what
  // holds it. No closure per value: a flood of notifications goes through here (issue 27 item 7).
  type Frame = { src: unknown; into: unknown[] | Record<string, unknown>; at: number | string; key?: string; holder?: object } | { leave: object };
  const put = (frame: { into: unknown[] | Record<string, unknown>; at: number | string }, v: unknown): void => {
    if (typeof frame.at === 'number') (frame.into as unknown[])[frame.at] = v;
    else Object.defineProperty(frame.into, frame.at, { value: v, enumerable: true, writable: true, configurable: true });
  };
  const stack: Frame[] = [{ src: value, into: root, at: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('leave' in frame) {
      onPath.delete(frame.leave);
      continue;
    }
    const { src, key, holder } = frame;
    if (src === null || typeof src !== 'object') {
      put(frame, leaf(src, key, holder));
      continue;
    }
    if (onPath.has(src)) {
      put(frame, '[cycle]');
      continue;
    }
    onPath.add(src);
    stack.push({ leave: src });
    if (Array.isArray(src)) {
      const copy: unknown[] = new Array<unknown>(src.length);
      put(frame, copy);
      for (let i = src.length - 1; i >= 0; i--) stack.push({ src: src[i], into: copy, at: i, key, holder: src });
    } else {
      const copy: Record<string, unknown> = {};
      put(frame, copy);
      const entries = Object.entries(src as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        stack.push({ src: v, into: copy, at: k, key: k, holder: src });
      }
    }
  }
  return root[0] as T;
}

/** One leaf by the shown-or-stored rule (`redactValue`, `redactedJson`). */
function redactLeaf(v: unknown, key: string | undefined, holder: unknown, held: SecretValues): unknown {
  if (typeof v === 'string') {
    if (v === '') return v;
    if (key === undefined) return redactText(v, held);
    if (isSecretKey(key)) return REDACTED;
    // The trace's hot path: the key checks below only matter for strings the entropy rule can see.
    if (v.length < ENTROPY_MIN_LENGTH) return redactText(v, held, NO_ENTROPY);
    if (isBase64Content(holder, key)) return v;
    return redactText(v, held, isIdentifierKey(key) ? NO_ENTROPY : WITH_ENTROPY);
  }
  return key !== undefined && (typeof v === 'number' || typeof v === 'bigint') && isSecretKey(key) ? REDACTED : v;
}
const NO_ENTROPY: RedactTextOptions = { entropy: false };
const WITH_ENTROPY: RedactTextOptions = {};

/**
 * A copy of `value` without secrets, at any depth — the *shown or stored* use (no recursion limit;
 * a cycle becomes `"[cycle]"`): every string through `redactText` (without the entropy rule under
 * an identifier key), every scalar under a secret key (`isSecretKey`) replaced by `[redacted]`
 * (objects under such keys are walked, not dropped, so `credentials: {scope}` keeps its non-secret
 * parts), the base64 of image, audio and blob content kept as it is. Keys are kept as they are.
 */
export function redactValue<T>(value: T, held: SecretValues = NO_VALUES): T {
  return mapLeaves(value, (v, key, holder) => redactLeaf(v, key, holder, held));
}

/**
 * `JSON.stringify(redactValue(value, held))` in one pass, without building the copy (the JSON-RPC
 * trace turns every message into text with it): the same rule (`redactLeaf`). Throws what
 * `JSON.stringify` throws (a cycle, a BigInt); callers that must show such values fall back to
 * `redactValue`.
 */
export function redactedJson(value: unknown, held: SecretValues = NO_VALUES): string {
  const arrayKeys = new WeakMap<object, string>();
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown): unknown {
    const under = Array.isArray(this) ? arrayKeys.get(this) : key === '' ? undefined : key;
    if (typeof v === 'string' || typeof v === 'number') return redactLeaf(v, under, this, held);
    if (Array.isArray(v) && under !== undefined) arrayKeys.set(v, under);
    return v;
  });
}

/**
 * The *handed on as a result* use of the rule (issue 26 item 2; docs/security.md "Redaction"): a
 * copy of `value` in which only the values the configuration itself supplied (`held`: keychain
 * and secret references, values under secret keys, literal credential-looking values) are
 * replaced by `[redacted]`, and how many values were masked as the person sees the result
 * (`redactions`, shown beside it): an object's top-level parts (`text`, `content`,
 * `structuredContent`) are views of one result, so the count is the largest among them, not their sum. Everything else — paths, URLs, identifiers, a credential-looking string the server
 * produced — is kept byte for byte; the base64 of image, audio and blob content is not scanned.
 */
export function maskHeld<T>(value: T, held: SecretValues): { value: T; redactions: number } {
  const maskText = held.mask ?? ((text: string) => ({ text: held.scrub(text), count: 0 }));
  // A data URL's base64 inside text is content, never scanned (attack 8 F9), as `content[].data` is.
  const mask = (text: string): { text: string; count: number } => {
    if (!text.includes(';base64,')) return maskText(text);
    let count = 0;
    const parts = text.split(DATA_URL_CONTENT).map((part, i) => {
      if (i % 2 === 1) return part;
      const masked = maskText(part);
      count += masked.count;
      return masked.text;
    });
    return { text: parts.join(''), count };
  };
  const maskPart = <P>(part: P): { value: P; count: number } => {
    let count = 0;
    const out = mapLeaves(part, (v, key, holder) => {
      if (typeof v !== 'string' || isBase64Content(holder, key)) return v;
      const masked = mask(v);
      count += masked.count;
      return masked.text;
    });
    return { value: out, count };
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const { value: out, count } = maskPart(value);
    return { value: out, redactions: count };
  }
  // Attack 8 F11: `text`, `content[]` and `structuredContent` are views of ONE result; summed, each
  // masked value counted two or three times. The count is the largest among the top-level parts.
  let redactions = 0;
  const copy: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
    const masked = maskPart(part);
    redactions = Math.max(redactions, masked.count);
    Object.defineProperty(copy, key, { value: masked.value, enumerable: true, writable: true, configurable: true });
  }
  return { value: copy as T, redactions };
}
