/**
 * An HTTP URL with `user:password@` (issue 9 item 6): `fetch` refuses a URL that includes
 * credentials, so such a server could never connect. The userinfo is taken out of the URL and sent
 * the way HTTP defines it, as `Authorization: Basic` (RFC 7617) — unless the definition already has
 * its own auth or `Authorization` header, which then wins and the userinfo is only dropped. The
 * password is a held secret (connection-auth.ts `secretsToRemember`) and every URL we show masks it
 * (`redactUrl`).
 */
import type { ServerDefinition } from '../../../../src-shared/config/server.js';

/** `def` with URL userinfo moved into Basic auth (http/sse only; anything else unchanged). */
export function withUrlCredentials(def: ServerDefinition): ServerDefinition {
  if (def.transport === 'stdio' || !def.url) return def;
  let url: URL;
  try {
    url = new URL(def.url);
  } catch {
    return def;
  }
  if (url.username === '' && url.password === '') return def;
  const username = safeDecode(url.username);
  const password = safeDecode(url.password);
  url.username = '';
  url.password = '';
  const stripped = { ...def, url: url.href };
  const hasAuthorization = Object.keys(def.headers ?? {}).some((k) => k.toLowerCase() === 'authorization');
  if (def.auth || hasAuthorization) return stripped;
  return { ...stripped, auth: { type: 'basic', username, password } };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
