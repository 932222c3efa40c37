/**
 * Which env / header values are secrets, and how the forms keep them (docs/auth.md: secrets we are
 * given go to the keychain; the file holds a reference). Pure.
 */
import { isSecretKey as isSharedSecretKey } from '../../../src-shared/redaction.js';
import { secretIdFor, secretReferenceFor } from '../../../src-shared/config/secret-reference.js';

/** A key whose value is a secret: the one rule of `src-shared/redaction.ts` (issue 9 item 4), on the trimmed key. */
export const isSecretKey = (key: string): boolean => isSharedSecretKey(key.trim());

/** True when the value is already a reference (`${secret:x}`, `${input:x}`, `${env:X}`, `${X}`): nothing to hide. */
export function isReference(value: string): boolean {
  return /^\s*(Bearer\s+)?\$\{[^}]+\}\s*$/i.test(value);
}

/** One key/value row of an editor. */
export interface KeyValueRow {
  key: string;
  value: string;
}

/** Rows with a key, trimmed; the last row with the same key wins. */
export function rowsToMap(rows: readonly KeyValueRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) if (r.key.trim() !== '') out[r.key.trim()] = r.value;
  return out;
}

/** Keychain id for a value of server `server` (the one rule, src-shared/config/secret-reference.ts). */
export const secretId = secretIdFor;

/** `Bearer abc` → `abc`; undefined when the value is not a bearer credential. */
export function bearerToken(value: string): string | undefined {
  const m = /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value);
  return m ? m[1] : undefined;
}

/** What the form must do with one row before writing. */
export type SecretPlan =
  | { kind: 'plain' }
  /** Switchboard's file: `config:add` `token` → `Authorization: Bearer ${secret:<name>-token}`. */
  | { kind: 'token'; token: string }
  /** Switchboard's file: the handler keeps the value in the keychain; the file gets `ref` (`${secret:<id>}`). */
  | { kind: 'keychain'; id: string; ref: string }
  /** Another host's file: the value would be written as plain text. */
  | { kind: 'literal' };

/**
 * How to keep the value of `key`: plain when not a secret (or already a reference); for
 * Switchboard's own file the keychain (a bearer Authorization through the token flow when
 * `tokenFlow`), for other hosts `literal` (their apps cannot read the keychain reference).
 */
export function planSecret(server: string, key: string, value: string, toSwitchboard: boolean, tokenFlow: boolean): SecretPlan {
  if (!isSecretKey(key) || value === '' || isReference(value)) return { kind: 'plain' };
  if (!toSwitchboard) return { kind: 'literal' };
  const token = bearerToken(value);
  if (tokenFlow && /^authorization$/i.test(key.trim()) && token !== undefined) return { kind: 'token', token };
  const id = secretId(server, key.trim());
  // A preview only: the core's handler stores the value and writes this same reference (issue 11).
  return { kind: 'keychain', id, ref: secretReferenceFor('switchboard', server, key.trim())! };
}
