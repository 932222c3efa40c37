/** Handlers of `auth:*` (docs/auth.md, §5: sign in, `reauth`, `unauth`). No token ever leaves main. */
import { fail, ok } from '../../../src-shared/api/envelope.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { CoreError, toFailure } from '../facade/errors.js';
import type { CoreContext, HandlerGroup } from './context.js';
import { OAuthRedirectChoices } from '../auth/oauth-redirects.js';
import { companyFacts, idpSessionNeeded, signInViaIdp } from './idp.js';

/** Why the deep-link redirect cannot be used outside the desktop app. */
export const DEEP_LINK_NEEDS_APP = 'The mcp-switchboard://oauth/callback redirect needs the desktop app (it receives that link); sign in with the loopback redirect here, or from the desktop app';

export function authHandlers(ctx: CoreContext): HandlerGroup<'auth:status' | 'auth:signIn' | 'auth:signOut'> {
  const redirects = new OAuthRedirectChoices(ctx.options.dataDir);
  const definition = async (server: string): Promise<ServerDefinition> => {
    const discovery = await ctx.ensureDiscovered();
    const def = discovery.servers.find((s) => s.name === server);
    if (!def) throw new CoreError('NOT_FOUND', `Unknown server "${server}"`);
    return def;
  };

  /**
   * A sign-in or sign-out may act only on a server that may run (issue 9 item 2): untrusted means
   * untouched — no connection, no discovery or registration request, no credentials.json write.
   */
  const runnable = async (server: string): Promise<ServerDefinition> => {
    const def = await definition(server);
    if (def.source.scope === 'project' && !ctx.trustStore.isTrusted(ctx.options.projectDir)) {
      throw new CoreError('UNTRUSTED', `Server "${server}" comes from a project folder that is not trusted. Run switchboard trust first.`);
    }
    // Issue 16: a definition not approved as it is now is contacted by nothing, sign-in included.
    if (def.source.scope === 'project' && ctx.pendingApprovals().has(server)) {
      throw new CoreError('UNTRUSTED', `Server "${server}" has a definition you have not approved. Review it: switchboard trust --review`);
    }
    return def;
  };

  /** Reconnect every server that signs in with this credential and is not running (or was refused). */
  const reconnectUsers = async (def: ServerDefinition): Promise<void> => {
    const id = ctx.auth.credentialIdFor(def);
    const servers = ctx.discovery()?.servers ?? [def];
    for (const s of servers) {
      if (ctx.auth.credentialIdFor(s) !== id) continue;
      const status = ctx.manager.runtime(s.name)?.status;
      if (status === undefined || status === 'disabled' || status === 'untrusted' || status === 'changed' || status === 'stopped') continue;
      await ctx.manager.restart(s.name).catch(() => undefined);
    }
    ctx.pokeServersChanged();
  };

  return {
    'auth:status': async ({ server }) => {
      try {
        const def = await definition(server);
        const status = await ctx.auth.status(def);
        return ok(status ? { server, ...status, redirect: redirects.effective(def), ...companyFacts(def) } : null);
      } catch (err) {
        return toFailure(err);
      }
    },

    'auth:signIn': async ({ server, force, settings, clientSecret, redirect }) => {
      try {
        const def = await runnable(server);
        const deepLink = (redirect ?? redirects.effective(def)) === 'deep-link';
        if (deepLink && ctx.options.mode !== 'electron') return fail('INVALID_CONFIG', DEEP_LINK_NEEDS_APP);
        if (redirect !== undefined) await redirects.remember(server, redirect);
        // Issue 38: an enterprise server whose identity provider has no live session signs in there first.
        const idp = await idpSessionNeeded(ctx, def);
        if (idp) return ok({ status: 'pending' as const, authorizationUrl: await signInViaIdp(ctx, def, idp, () => reconnectUsers(def)) });
        const start = await ctx.auth.signIn(def, { force: force ?? false, ...(settings ? { settings } : {}), ...(clientSecret ? { clientSecret } : {}), ...(deepLink ? { deepLinkRedirect: true } : {}) });
        start.done.then(
          async () => {
            // Told once the servers using the credential reconnected with it (issue 27 item 9: a
            // repeated sign-in was reported as "connected with 0 tools" from the moment in between).
            await reconnectUsers(def);
            ctx.emit('auth:changed', { server, outcome: 'signed-in' });
          },
          (err: unknown) => {
            ctx.emit('auth:changed', { server, outcome: 'failed', message: err instanceof Error ? err.message : String(err) });
          },
        );
        if (start.status === 'authorized') {
          await start.done.catch(() => undefined);
          return ok({ status: 'authorized' as const });
        }
        return ok({ status: 'pending' as const, authorizationUrl: start.authorizationUrl });
      } catch (err) {
        return toFailure(err);
      }
    },

    'auth:signOut': async ({ server }) => {
      try {
        const def = await runnable(server);
        const removed = await ctx.auth.signOut(def);
        ctx.emit('auth:changed', { server, outcome: 'signed-out' });
        await reconnectUsers(def);
        return ok({ removed });
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
