/**
 * Where a secret we are given goes, and what the host's file holds instead (issue 11 item 1: ONE
 * place decides the reference syntax of each target file, for every face). Pure.
 *
 * - Switchboard's own `servers.json`: the secret is the keychain account `secret:<id>`, the file
 *   holds `${secret:<id>}`.
 * - VS Code (`mcp.json`, workspace settings): the secret is kept as the answer to a prompted input
 *   (keychain account `input:<id>`), the file holds `${input:<id>}` and an `inputs` entry
 *   `{type: "promptString", id, password: true}` so VS Code itself asks for it once.
 * - Every other host has no reference syntax we can fill: the value would be written as plain
 *   text, which needs an explicit yes (`allowLiteralSecrets`).
 */
import type { HostId } from './server.js';

/** The reference kind a host's file can hold for a secret, or undefined when it has none. */
export function secretReferenceKind(host: HostId): 'secret' | 'input' | undefined {
  if (host === 'switchboard') return 'secret';
  if (host === 'vscode') return 'input';
  return undefined;
}

/** Keychain id of `key` of server `server` (`<server>-<key>`, lower case, safe characters only). */
export function secretIdFor(server: string, key: string): string {
  return `${server}-${key}`.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
}

/** The text written in place of the secret `key` of `server` in `host`'s file, or undefined (no syntax). */
export function secretReferenceFor(host: HostId, server: string, key: string): string | undefined {
  const kind = secretReferenceKind(host);
  return kind === undefined ? undefined : `\${${kind}:${secretIdFor(server, key)}}`;
}
