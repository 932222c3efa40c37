/**
 * Whether a traced server name is one of `server`'s gateway instances (issue 30 item 6, docs/gateway.md
 * § Sharing): a host whose definition or roots differ from the owner's gets its own process, named
 * `<server>@<8 hex>` (src-main/core/gateway/gateway-instances.ts), and its trace is kept under that name. `trace:get` with
 * a server includes its instances' entries, and so does a server's Trace tab when it follows new ones (a new user's trial: `switchboard trace everything` showed
 * none of the agent's calls, all under `everything@<hash>`). Pure.
 */

/** True for `server` itself and for `<server>@<8 lowercase hex>`. */
export function isServerOrInstance(name: string, server: string): boolean {
  return name === server || (name.length === server.length + 9 && name.startsWith(`${server}@`) && /^[0-9a-f]{8}$/.test(name.slice(server.length + 1)));
}
