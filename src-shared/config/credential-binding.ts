/**
 * The credential binding rule (issue 9 item 1; docs/auth.md): an OAuth credential is bound to the
 * resource it was issued for (its server URL / RFC 8707 resource), and goes nowhere else.
 * - An http/sse definition gets a credential only when its URL is that resource (same origin, path
 *   at or below the resource's path — the SDK's `checkResourceAllowed` semantics). A definition
 *   naming another server's credential is refused before any request.
 * - A stdio server (no URL to check) gets a token only through a binding the person made: in
 *   Switchboard's own `servers.json`, or by starting a sign-in for that server in Switchboard —
 *   never from a project file or another host's file.
 * Pure: the core (`core/auth/credential-binding.ts`) adds what credentials.json knows; install
 * links use `installLinkBindingProblem` directly. Every face passes through these two.
 */
import { redactUrl } from '../redaction.js';

/**
 * The canonical resource of a server URL, also its default credential id:
 * `<scheme>//<host>[:port]<path>` with the host lower-cased, no userinfo, no trailing slash, no query
 * or fragment (`https://Example.com/mcp/?x=1` → `https://example.com/mcp`). `undefined` for a value
 * that is not an absolute http(s) URL.
 */
export function credentialResource(serverUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}`;
}

/** Whether a credential issued for `resource` may be sent to `serverUrl` (same origin, path at or below). */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  const granted = credentialResource(resource);
  const target = credentialResource(serverUrl);
  if (!granted || !target) return false;
  const g = new URL(granted);
  const t = new URL(target);
  if (g.origin !== t.origin) return false;
  const base = g.pathname.replace(/\/+$/, '');
  return t.pathname === base || base === '' || t.pathname.startsWith(`${base}/`);
}

/** Who made a definition's binding: Switchboard's own file, the person (a sign-in they started), or someone else's file. */
export type BindingOrigin = 'own-file' | 'person' | 'other';

/** What is known about a credential: the resource it was issued for (`undefined`: never used yet). */
export interface CredentialFacts {
  resource?: string;
}

/** The parts of a definition the rule reads. */
export interface BindingSubject {
  name: string;
  transport: 'stdio' | 'http' | 'sse';
  url?: string;
}

/**
 * Why `subject` may not use credential `credentialId` (a sentence a person can act on), or
 * `undefined` when it may. `facts.resource` is where the credential was issued; without it, a
 * credential id that is itself a URL (the default ids) names its resource; a free-form id that was
 * never used is unbound and gets bound by its first sign-in.
 */
export function credentialBindingProblem(subject: BindingSubject, credentialId: string, facts: CredentialFacts, origin: BindingOrigin): string | undefined {
  if (subject.transport === 'stdio') {
    if (origin !== 'other') return undefined;
    return (
      `Server "${subject.name}" may not use OAuth credential "${credentialId}": a stdio server gets a token only through a binding ` +
      `in Switchboard's own servers.json or a sign-in you start for it in Switchboard (switchboard reauth ${subject.name}), ` +
      'never from a project file or another host\'s file. Nothing was passed to it.'
    );
  }
  const target = subject.url ? credentialResource(subject.url) : undefined;
  if (!target) return `Server "${subject.name}" has no http(s) URL to bind OAuth credential "${credentialId}" to`;
  const issuedFor = facts.resource ?? credentialResource(credentialId);
  if (issuedFor === undefined || resourceCovers(issuedFor, subject.url!)) return undefined;
  return (
    `Server "${subject.name}" may not use OAuth credential "${credentialId}": it was issued for ${redactUrl(issuedFor)}, not for ` +
    `${redactUrl(target)}. A credential is sent only to the resource it was issued for; no request was made. ` +
    'Remove "credentialId" from its auth block to use its own credential.'
  );
}

/**
 * Why an install link's config may not carry its `auth.credentialId` (install links come from web
 * pages): a stdio server never gets a binding from a link; an http/sse server may only name its
 * own URL's credential. `undefined` when there is nothing to refuse.
 */
export function installLinkBindingProblem(config: Record<string, unknown>): string | undefined {
  const auth = config.auth as { type?: unknown; credentialId?: unknown } | undefined;
  if (!auth || auth.type !== 'oauth' || typeof auth.credentialId !== 'string') return undefined;
  const url = typeof config.url === 'string' ? config.url.trim() : '';
  if (url === '') return '"auth.credentialId": an install link cannot bind an OAuth credential to a stdio server';
  const own = credentialResource(url);
  if (own !== undefined && auth.credentialId === own) return undefined;
  return `"auth.credentialId": an install link may only name the credential of its own URL (${own ?? 'none'}), not "${auth.credentialId}"`;
}
