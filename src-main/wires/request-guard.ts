/**
 * The web host's gatekeeping (ARCHITECTURE rule 3: 127.0.0.1 only, random token, Origin/Host
 * checked): session tokens, constant-time token comparison, and the Host / Origin allow-lists that
 * stop DNS rebinding and cross-site WebSocket hijacking.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh session token: 24 random bytes, base64url (32 characters). */
export function newSessionToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Constant-time token check. Both sides are hashed first so neither the comparison time nor an
 * early length mismatch tells an attacker anything. `undefined`/empty candidates never match.
 */
export function tokenMatches(expected: string, candidate: string | null | undefined): boolean {
  if (!candidate) return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(candidate, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** The `Host` header values the host answers to: `127.0.0.1:<port>` and `localhost:<port>`. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** The origins a browser page of ours has: `http://127.0.0.1:<port>`, `http://localhost:<port>`. */
export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/**
 * Is the `Host` header one of ours? A missing Host, or any other name (a rebinding attacker's
 * domain resolving to 127.0.0.1), is refused. Case-insensitive.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return allowedHosts(port).has(host.trim().toLowerCase());
}

/**
 * Is the `Origin` header acceptable for a WebSocket upgrade? Absent = a non-browser client (CLI,
 * tests; browsers always send Origin on WebSocket requests), allowed — the token still guards it.
 * Present = must be exactly one of `allowedOrigins(port)` (`null` and other sites refused).
 */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return allowedOrigins(port).has(origin.trim().toLowerCase());
}
