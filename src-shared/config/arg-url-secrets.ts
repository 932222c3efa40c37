/**
 * Where a definition's arguments or URL hold a secret-looking value — by flag name or shape
 * (`secretArgValues`), or a URL part `redactUrl` masks (a password, an `api_key` parameter). Neither
 * can reference the OS keychain (a reference there is never filled), so such a value is written as
 * given: `config:add` / `config:update` refuse it without an explicit yes, and the Add dialog asks
 * for that yes (docs/auth.md § Secrets in arguments and URLs). Pure.
 */
import { redactUrl, secretArgValues } from '../redaction.js';

/** `args[i]` for each argument holding a secret, then `url` when the URL does; `[]` when none. A field absent or `null` is skipped. */
export function argUrlSecretPlaces(server: { args?: readonly string[] | null; url?: string | null }): string[] {
  const args = server.args ?? [];
  const secrets = secretArgValues(args);
  const places = args.flatMap((a, i) => (secrets.some((v) => a.includes(v)) ? [`args[${i}]`] : []));
  if (typeof server.url === 'string' && redactUrl(server.url) !== server.url) places.push('url');
  return places;
}
