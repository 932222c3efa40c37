/**
 * `switchboard gateway --host <id> --print-http [--server <name>] [--show-token] [--new-token]` (issue 30 item 1,
 * docs/gateway.md § HTTP): prints the HTTP door's URL for a host and how to get its bearer token, so
 * a person can put both into the host's config. The port is the running owner's (`endpoint.json`),
 * else the one the folder's owner kept (`session.json`: the next owner listens there again when it
 * is free). The token is made by a core of the folder (no server started) when the host has none yet
 * and kept in its keychain (core/gateway/gateway-tokens.ts); it is printed only with `--show-token`, with a warning.
 * `--new-token` replaces the host's token first. Exit 0; 2 when the keychain cannot be used — the URL is
 * printed even then (it needs no secret), the keychain problem and what to do on stderr.
 */
import { gatewayDoorPath, gatewayTokenAccount } from '../../core/index.js';
import { readKeptSession } from '../../owner/kept-session.js';
import { readLiveEndpoint } from '../../owner/ownership.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { EXIT } from './args.js';
import { withEphemeralCore, type CliContext } from './context.js';

/** The door's path for `host` (and one `server`): `/mcp/<host>[/<server>]`, the server name URL-encoded. */
export const gatewayPath = gatewayDoorPath;

/**
 * Print the URL (and, with `showToken`, the token) of `host`'s HTTP door. With `renew`
 * (`--new-token`) a new token replaces the kept one first: the old one opens nothing from then on
 * (sessions opened with it included), said on stderr.
 */
export async function printGatewayUrl(ctx: CliContext, host: HostId, server: string | undefined, showToken: boolean, renew = false): Promise<number> {
  const live = readLiveEndpoint(ctx.dataDir);
  const port = live?.port ?? readKeptSession(ctx.dataDir, (t) => ctx.io.err(t))?.port;
  // The URL first: it needs no secret, so a missing keychain does not hide it.
  if (port === undefined) {
    ctx.io.out(`No Switchboard has run in this data folder yet, so it has no port: start one ("switchboard serve" or the app), then run this again.`);
  } else {
    ctx.io.out(`http://127.0.0.1:${port}${gatewayPath(host, server)}`);
    if (!live) ctx.io.err(`No Switchboard runs now: the door answers on port ${port} once one starts there again (the port its owner keeps).`);
  }
  let token: string;
  try {
    // Through a core of this data folder (no server started): the one secret store is the core's.
    token = await withEphemeralCore(ctx, { onlyServers: [] }, async (core) => {
      if (!core.gatewayToken) throw new Error('this core keeps no gateway tokens');
      return core.gatewayToken(host, renew);
    });
  } catch (err) {
    ctx.io.err(`switchboard gateway: ${host}'s token could not be kept: ${err instanceof Error ? err.message : String(err)}`);
    ctx.io.err(
      'The URL above is right, but the door refuses every request until the host has a token. A running Switchboard reads the ' +
        `"secretStore" setting of its data folder's state.json on each request, so "secretStore": "file" there reaches it too; SWITCHBOARD_SECRET_STORE=file reaches only the process it is set for.`,
    );
    return EXIT.FAILURE;
  }
  if (renew) ctx.io.err(`A new token replaced ${host}'s gateway token: the old one opens nothing now. Put the new one into ${host}'s config.`);
  if (showToken) {
    ctx.io.err(`Warning: the line below is the bearer token that opens ${host}'s door; anyone who has it can call that host's tools. Put it only into ${host}'s config.`);
    ctx.io.out(token);
  } else {
    ctx.io.out(`Header: Authorization: Bearer <token>  (the token is kept in the keychain, account "${gatewayTokenAccount(host)}"; print it with --show-token)`);
  }
  return EXIT.OK;
}
