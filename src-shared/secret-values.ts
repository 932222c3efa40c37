/**
 * The value half of the one redaction rule (redaction.ts; docs/security.md "Redaction"): whether a
 * value is a credential whatever key holds it (`isSecretValue`), a location that is not one
 * (`isPlainLocation`), and which of a program's arguments are secrets (`secretArgValues`). Pure
 * (no `node:`, no DOM).
 */
import { isSecretKey } from './secret-keys.js';
import { isHighEntropy, TOKEN_WHOLE } from './secret-shapes.js';

/** Shortest held value treated as a secret (shorter ones would redact ordinary words). */
export const MIN_SECRET_LENGTH = 8;

/**
 * Whether `value` looks like a credential whatever key holds it (issue 26 item 2): a well-known token
 * (`sk-proj-…`, `ghp_…`, `xoxb-…`, `AKIA…`, a JWT), an `Authorization`-style `Bearer <credential>` /
 * `Basic <credential>`, a URL carrying a password (`postgres://admin:pw@db`), or a high-entropy
 * string (`isHighEntropy`). A path, a plain URL, a host name, an ordinary word is not; a value
 * holding `${…}` is a reference, never a secret.
 */
export function isSecretValue(value: string): boolean {
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH || v.includes('${')) return false;
  if (TOKEN_WHOLE.test(v) || /^(?:Bearer|Basic)\s+\S{8,}$/i.test(v) || isHighEntropy(v)) return true;
  if (!v.includes('://')) return false;
  try {
    return new URL(v).password !== '';
  } catch {
    return false;
  }
}

/** An absolute path of ordinary segments (`/opt/data/service-account.json`, `~/keys/gcp.json`, `C:\\keys\\a.json`). */
const PLAIN_PATH = /^(?:~|[A-Za-z]:)?(?:[\\/][A-Za-z0-9._@+-]{1,255}){1,64}[\\/]?$/;
/** A local address: `localhost`, an IPv4 literal, with an optional port. */
const LOCAL_ADDRESS = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?$/i;

/**
 * Whether a held-by-key or `!command` value is a location, not a credential (attack 8 F8): an
 * absolute path of ordinary segments (`GOOGLE_APPLICATION_CREDENTIALS=/opt/data/sa.json`,
 * `!brew --prefix` → `/usr/local/opt`) or a local address (`DB_PASSWORD=localhost`) — unless it looks
 * like a credential anyway (`isSecretValue`, or a high-entropy path segment). Such a value is not
 * held: a result naming the key file or the folder reaches the agent unaltered.
 */
export function isPlainLocation(value: string): boolean {
  const v = value.trim();
  if (LOCAL_ADDRESS.test(v)) return true;
  return PLAIN_PATH.test(v) && !isSecretValue(v) && !v.split(/[\\/]/).some((segment) => isHighEntropy(segment));
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
