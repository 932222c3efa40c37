/**
 * The key half of the one redaction rule (redaction.ts; docs/security.md "Redaction"): whether the
 * value under a key is a secret (`isSecretKey`) or an identifier the entropy rule leaves alone
 * (`isIdentifierKey`), by the key's words. Pure (no `node:`, no DOM): the renderer masks its input
 * fields by the same rule. Both answers are memoised: the trace asks them for every key it redacts.
 */

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
  // `DB_PASS`, `--db-pass`, `smtp_pass` (attack 8 M3); a lone `pass` is a check's count or verdict.
  if (last === 'pass') return prev !== undefined;
  if (last === 'token') return prev === undefined || !PUBLIC_TOKEN_QUALIFIERS.has(prev);
  if (last === 'key') return (prev !== undefined && SECRET_KEY_QUALIFIERS.has(prev)) || (words.length > 1 && /^[A-Z0-9_]+$/.test(key));
  if (last === 'pem') return words.includes('key');
  return false;
}


/** Last words of keys whose values are identifiers, never credentials by entropy (`mcp-session-id`, `traceId`, `nextCursor`). */
const IDENTIFIER_LAST_WORDS = new Set(['id', 'ids', 'uuid', 'guid', 'hash', 'digest', 'etag', 'cursor', 'traceparent', 'tracestate', 'sha']);

/**
 * Whether the value under `key` is an identifier (issue 26 item 2: MCP session ids, trace and span
 * ids, request ids, digests, cursors): the entropy rule does not apply to it (token shapes, held
 * values and the key rule still do).
 */
export function isIdentifierKey(key: string): boolean {
  // Asked for every string of every traced message, as `isSecretKey` is: the same few keys recur.
  const known = identifierKeyMemo.get(key);
  if (known !== undefined) return known;
  const words = keyWords(key);
  const answer = words.length > 0 && IDENTIFIER_LAST_WORDS.has(words[words.length - 1]!);
  if (identifierKeyMemo.size >= SECRET_KEY_MEMO_SIZE) identifierKeyMemo.clear();
  identifierKeyMemo.set(key, answer);
  return answer;
}
const identifierKeyMemo = new Map<string, boolean>();
