/**
 * `switchboard unauth <server>` (docs/operator-verbs.md): remove the server's OAuth tokens from the keychain (the
 * client registration stays, so the next sign-in reuses it). Exit 0 (also when nothing was
 * stored); 2 when the server is unknown, does not use OAuth, or the keychain is unavailable.
 */
import type { CommandSpec } from '../command-spec.js';
import { EXIT } from '../args.js';
import { withEphemeralCore, type CliContext } from '../context.js';
import { printFailure } from '../output.js';

/** `switchboard unauth <server>`. */
export async function runUnauth(ctx: CliContext): Promise<number> {
  const server = ctx.cli.positionals[0]!;
  // Start nothing: signing out needs the definition and the keychain, not a connection.
  return withEphemeralCore(ctx, { onlyServers: [] }, async (core) => {
    const out = await core.handlers['auth:signOut']({ server });
    if (!out.ok) return printFailure(ctx, out.error);
    ctx.io.out(out.data.removed ? `Signed out of "${server}": its tokens were removed from the keychain.` : `No tokens were stored for "${server}".`);
    return EXIT.OK;
  });
}

export const unauthCommand: CommandSpec = {
  name: 'unauth',
  aliases: ['logout'],
  synopsis: 'unauth <server>',
  summary: "Remove a server's OAuth tokens from the OS keychain",
  positionals: [1, 1],
  run: runUnauth,
};
