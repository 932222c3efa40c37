/**
 * The URL part of the one redaction rule (redaction.ts; docs/security.md "Redaction"): a URL's
 * userinfo and its secret query parameters masked, the URL still valid. Pure (no `node:`, no DOM).
 */
import { isSecretKey, keyWords } from './secret-keys.js';

/** What replaces a secret inside a URL (stays a valid URL). */
export const URL_MASK = '***';

/**
 * Query parameters that are secrets beyond the key rule: OAuth's authorization `code`, a bare
 * `key`, and session ids (a legacy SSE `sessionId` lets anyone post into that session).
 */
export function isSecretQueryParam(name: string): boolean {
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
