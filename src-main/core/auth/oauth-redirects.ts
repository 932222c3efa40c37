/**
 * The OAuth redirect a server signs in through (issue 13): `loopback` (default) or `deep-link`
 * (`mcp-switchboard://oauth/callback`, for authorization servers that refuse loopback redirects).
 * A server's `auth.redirect` in its config sets the default; a choice made in the sign-in panel
 * (or passed to `auth:signIn`) is remembered per server in `state.json` and wins over it.
 */
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { StateStore } from '../data/state-store.js';

/** The two redirect kinds. */
export type OAuthRedirect = 'loopback' | 'deep-link';

/** The `state.json` key. */
const KEY = 'oauthRedirects';

export class OAuthRedirectChoices {
  private readonly store: StateStore;

  constructor(dataDir: string) {
    this.store = new StateStore(dataDir);
  }

  /** The redirect `def` signs in through: the remembered choice, else its config's `auth.redirect`, else `loopback`. */
  effective(def: ServerDefinition): OAuthRedirect {
    const chosen = this.store.get<Record<string, unknown>>(KEY)?.[def.name];
    if (chosen === 'loopback' || chosen === 'deep-link') return chosen;
    return (def.auth?.type === 'oauth' ? def.auth.redirect : undefined) ?? 'loopback';
  }

  /** Remember `redirect` for server `name`. */
  async remember(name: string, redirect: OAuthRedirect): Promise<void> {
    await this.store.update<Record<string, OAuthRedirect>>(KEY, (all) => ({ ...(all ?? {}), [name]: redirect }));
  }
}
