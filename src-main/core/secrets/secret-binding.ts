/**
 * The secret binding rule (issue 26 item 1; docs/security.md "Secret binding"): a keychain secret
 * reached through a reference — `${secret:<id>}` (account `secret:<id>`) or a `${input:<id>}`
 * answer (account `input:<id>`) — belongs to the definitions that were given it, and resolves for
 * no other. The OAuth analogue is `src-shared/config/credential-binding.ts`.
 *
 * A holder is one definition: its server name, the file it lives in and, for a remote server, the
 * origin of its URL (`https://api.example.com`: scheme, host, port). A `${input:}` answer may be
 * held by a whole file (no server name): VS Code asks for an input once per file that declares it.
 * Pure: the records live in `secret-bindings.ts` (the data folder's `secret-bindings.json`).
 */
import { resolve } from 'node:path';
import { HOST_LABELS, type ServerDefinition } from '../../../src-shared/config/server.js';

/** One definition (or, for an input answer, one file) a secret belongs to. */
export interface SecretHolder {
  /** Server name; absent: every definition in `file` (input answers only). */
  server?: string;
  /** Absolute path of the file the definition lives in. */
  file: string;
  /** Origin of a remote server's URL (`scheme://host[:port]`); absent for a stdio server. */
  origin?: string;
}

/** The parts of a definition the rule reads. */
export type BindingDefinition = Pick<ServerDefinition, 'name' | 'transport' | 'url' | 'source'>;

/** The origin of a remote definition's URL (lower-cased by WHATWG URL); undefined for stdio or a URL that does not parse. */
export function originOf(def: Pick<ServerDefinition, 'transport' | 'url'>): string | undefined {
  if (def.transport === 'stdio' || !def.url) return undefined;
  try {
    const origin = new URL(def.url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The holder record of `def` (server, file, origin). */
export function holderOf(def: BindingDefinition): SecretHolder {
  const origin = originOf(def);
  return { server: def.name, file: resolve(def.source.file), ...(origin ? { origin } : {}) };
}

/** Whether `holder` is `def`: same file, same server name (when the holder names one), same origin (absent for stdio). */
export function holds(holder: SecretHolder, def: BindingDefinition): boolean {
  if (resolve(holder.file) !== resolve(def.source.file)) return false;
  if (holder.server === undefined) return true;
  return holder.server === def.name && holder.origin === originOf(def);
}

/** Two holder records naming the same definition. */
export function sameHolder(a: SecretHolder, b: SecretHolder): boolean {
  return a.server === b.server && resolve(a.file) === resolve(b.file) && a.origin === b.origin;
}

/** `server "gh" (/home/me/.config/mcp-switchboard/servers.json)` or `every server in <file>`. */
export function describeHolder(holder: SecretHolder): string {
  const at = holder.origin ? ` for ${holder.origin}` : '';
  return holder.server === undefined ? `the servers of ${holder.file}` : `server "${holder.server}" (${holder.file}${at})`;
}

/**
 * A reference a definition may not resolve: the secret is bound elsewhere (or to nothing). Carries
 * the account and its holders, never a value. `message` names the definition, the reference and
 * the owner(s), and says nothing was sent.
 */
export class SecretNotBoundError extends Error {
  readonly code = 'SECRET_NOT_BOUND';
  constructor(
    readonly account: string,
    readonly holders: readonly SecretHolder[],
    def: BindingDefinition,
  ) {
    super(notBoundMessage(account, holders, def));
    this.name = 'SecretNotBoundError';
  }
}

/** The reason text of `SecretNotBoundError` (docs/security.md "Secret binding"). */
export function notBoundMessage(account: string, holders: readonly SecretHolder[], def: BindingDefinition): string {
  const kind = account.slice(0, account.indexOf(':'));
  const ref = `\${${account}}`;
  const owner = holders.length === 0 ? 'no server (it was never bound)' : holders.map(describeHolder).join(' and ');
  return (
    `Server "${def.name}" in ${HOST_LABELS[def.source.host] ?? def.source.host}'s ${def.source.file} may not use ${ref}: that ${kind === 'input' ? 'input answer' : 'secret'} belongs to ${owner}. ` +
    'Nothing was sent.'
  );
}

/** The hint of the `secret-not-bound` failure: what a person can do. */
export function notBoundHint(err: SecretNotBoundError): string {
  const owner = err.holders.find((h) => h.server !== undefined)?.server;
  return (
    `A keychain secret is used only by the definition it was stored for${owner ? ` ("${owner}")` : ''}. ` +
    "Give this server its own secret (switchboard add … --token, or edit it in Switchboard), or copy the owner's definition with Copy to host and confirm the re-binding."
  );
}
