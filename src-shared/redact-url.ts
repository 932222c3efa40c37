/**
 * URLs can carry secrets: `https://user:password@host/…` and `?api_key=…`. Before a URL leaves
 * main (snapshot, status, errors) its password and secret-looking query values are masked. Pure.
 */

/** Query keys whose values are treated as secrets (case-insensitive substring match). */
const SECRET_KEY = /(key|token|secret|pass|auth|sig|credential|session|code)/i;
const MASK = '***';

/**
 * `url` with the userinfo password (or a lone username that may be a token) and the values of
 * secret-looking query parameters replaced by `***`. A string that is not a parsable URL is
 * returned unchanged.
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
    parsed.password = MASK;
    changed = true;
  } else if (parsed.username) {
    parsed.username = MASK;
    changed = true;
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_KEY.test(key)) {
      parsed.searchParams.set(key, MASK);
      changed = true;
    }
  }
  return changed ? parsed.toString().replaceAll('%2A%2A%2A', MASK) : url;
}

/** `text` with every occurrence of each raw URL replaced by its redacted form. */
export function redactUrlsIn(text: string, urls: readonly (string | undefined)[]): string {
  let out = text;
  for (const url of urls) {
    if (!url) continue;
    const redacted = redactUrl(url);
    if (redacted !== url) out = out.split(url).join(redacted);
  }
  return out;
}
