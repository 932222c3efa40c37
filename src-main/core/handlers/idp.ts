/**
 * Handlers of `idp:*` (issue 38 item 2; docs/auth.md "Enterprise-managed authorization"): company
 * identity providers configured once, the person's sign-in there, and the servers that use each. No
 * secret leaves the core: a client secret goes from `idp:set` to the keychain, the ID token stays there.
 */
import { ok } from '../../../src-shared/api/envelope.js';
import type { IdpInfo } from '../../../src-shared/api/methods/idp.js';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { CoreError, toFailure } from '../facade/errors.js';
import { jwtExpiry } from '../auth/identity-providers.js';
import type { CoreContext, HandlerGroup } from './context.js';

/** How `def` gets tokens without a browser (`auth:status`'s `grant` and `idp`), or `{}`. */
export function companyFacts(def: ServerDefinition): { grant?: 'enterprise' | 'workload'; idp?: string } {
  if (def.auth?.type !== 'oauth') return {};
  if (def.auth.idp) return { grant: 'enterprise', idp: def.auth.idp };
  return def.auth.workload ? { grant: 'workload' } : {};
}

/**
 * The identity provider `def` must be signed in to first (`auth:signIn` / `reauth` / the window's Sign
 * in on an enterprise server whose IdP has no live session), or `undefined`: then the server's own
 * sign-in is the JWT bearer grant, with no browser.
 */
export async function idpSessionNeeded(ctx: CoreContext, def: ServerDefinition): Promise<string | undefined> {
  const name = companyFacts(def).idp;
  if (!name || !ctx.auth.idps.get(name)) return undefined;
  const { session } = await ctx.auth.idps.secretsOf(name).catch(() => ({ session: undefined }));
  const expiresAt = session ? (session.expiresAt ?? jwtExpiry(session.idToken)) : undefined;
  return !session || (expiresAt !== undefined && expiresAt <= Date.now()) ? name : undefined;
}

/** The servers that sign in through `name` and are not running well get another attempt with the new session. */
export async function reconnectIdpUsers(ctx: CoreContext, name: string): Promise<void> {
  for (const s of (ctx.discovery()?.servers ?? []).filter((x) => companyFacts(x).idp === name)) {
    const status = ctx.manager.runtime(s.name)?.status;
    if (status === 'needs-auth' || status === 'error') await ctx.manager.restart(s.name).catch(() => undefined);
  }
  ctx.pokeServersChanged();
}

/**
 * Sign in to identity provider `idp` for `def` (then `def`'s own grant, with no browser); resolves the
 * IdP's authorization URL. `auth:changed` for `def` tells the end, as every sign-in; `idp:changed` too.
 */
export async function signInViaIdp(ctx: CoreContext, def: ServerDefinition, idp: string, reconnectUsers: () => Promise<void>): Promise<string> {
  const start = await ctx.auth.signInIdp(idp);
  start.done
    .then(async () => {
      ctx.emit('idp:changed', { name: idp, outcome: 'signed-in' });
      await (await ctx.auth.signIn(def, { force: true })).done;
      await reconnectUsers();
      await reconnectIdpUsers(ctx, idp);
      ctx.emit('auth:changed', { server: def.name, outcome: 'signed-in' });
    })
    .catch((err: unknown) => ctx.emit('auth:changed', { server: def.name, outcome: 'failed', message: err instanceof Error ? err.message : String(err) }));
  return start.authorizationUrl;
}

export function idpHandlers(ctx: CoreContext): HandlerGroup<'idp:list' | 'idp:set' | 'idp:remove' | 'idp:signIn' | 'idp:signOut'> {
  const idps = ctx.auth.idps;
  const serversOf = (name: string): ServerDefinition[] => (ctx.discovery()?.servers ?? []).filter((s) => companyFacts(s).idp === name);

  const info = async (name: string): Promise<IdpInfo> => {
    const idp = idps.get(name);
    if (!idp) throw new CoreError('NOT_FOUND', `No identity provider "${name}" (switchboard idp list shows them)`);
    const servers = serversOf(name).map((s) => s.name);
    try {
      const { session, clientSecret } = await idps.secretsOf(name);
      const expiresAt = session ? (session.expiresAt ?? jwtExpiry(session.idToken)) : undefined;
      const expired = expiresAt !== undefined && expiresAt <= Date.now();
      return {
        name,
        issuer: idp.issuer,
        clientId: idp.clientId,
        ...(idp.scope ? { scope: idp.scope } : {}),
        hasClientSecret: clientSecret !== undefined,
        signedIn: session !== undefined && !expired,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(expired ? { session: 'expired' as const } : {}),
        servers,
        keychain: true,
      };
    } catch {
      return { name, issuer: idp.issuer, clientId: idp.clientId, hasClientSecret: false, signedIn: false, servers, keychain: false };
    }
  };

  const reconnect = (name: string): Promise<void> => reconnectIdpUsers(ctx, name);

  return {
    'idp:list': async () => {
      try {
        await ctx.ensureDiscovered();
        return ok(await Promise.all(Object.keys(idps.list()).sort().map(info)));
      } catch (err) {
        return toFailure(err);
      }
    },

    'idp:set': async ({ name, issuer, clientId, scope, clientSecret }) => {
      try {
        const before = idps.get(name);
        await idps.set(name, { issuer, clientId, ...(scope ? { scope } : {}), ...(before?.redirectPort !== undefined ? { redirectPort: before.redirectPort } : {}) });
        if (clientSecret !== undefined) ctx.auth.remember(clientSecret);
        // A new IdP, or another issuer or client: no session (one left by a removed IdP of that name
        // included) and no client secret of before belongs to it — the old secret is not sent to the new issuer.
        const fresh = !before || before.issuer !== issuer || before.clientId !== clientId;
        if (fresh || clientSecret !== undefined) {
          await idps.updateSecrets(name, (s) => {
            const secret = clientSecret ?? (fresh ? undefined : s.clientSecret);
            const session = fresh ? undefined : s.session;
            return { ...(secret !== undefined ? { clientSecret: secret } : {}), ...(session ? { session } : {}) };
          });
        }
        return ok(await info(name));
      } catch (err) {
        return toFailure(err);
      }
    },

    'idp:remove': async ({ name }) => {
      try {
        const had = idps.get(name) !== undefined;
        if (had) await idps.set(name, undefined);
        return ok({ removed: had });
      } catch (err) {
        return toFailure(err);
      }
    },

    'idp:signIn': async ({ name }) => {
      try {
        const start = await ctx.auth.signInIdp(name);
        start.done.then(
          async () => {
            await reconnect(name);
            ctx.emit('idp:changed', { name, outcome: 'signed-in' });
          },
          (err: unknown) => ctx.emit('idp:changed', { name, outcome: 'failed', message: err instanceof Error ? err.message : String(err) }),
        );
        return ok({ status: 'pending' as const, authorizationUrl: start.authorizationUrl });
      } catch (err) {
        return toFailure(err);
      }
    },

    'idp:signOut': async ({ name }) => {
      try {
        if (!idps.get(name)) throw new CoreError('NOT_FOUND', `No identity provider "${name}"`);
        let had = false;
        await idps.updateSecrets(name, ({ session, ...rest }) => {
          had = session !== undefined;
          return rest;
        });
        ctx.emit('idp:changed', { name, outcome: 'signed-out' });
        return ok({ removed: had });
      } catch (err) {
        return toFailure(err);
      }
    },
  };
}
