/**
 * Where a sign-in's authorization page opens (docs/auth.md §5): the desktop app opens the browser from
 * main (the core's `openExternal`); in a browser tab (web mode) the page opens it here, in a new tab.
 * Used by a server's Sign in and by an identity provider's Sign in alike.
 */
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';

/** Opens `authorizationUrl` in a new tab when the page runs in web mode; in the desktop app main has opened it already. */
export async function openSignInPage(api: SwitchboardApi, authorizationUrl: string): Promise<void> {
  const info = await api.call('app:info', {});
  if (info.ok && info.data.mode === 'web') window.open(authorizationUrl, '_blank', 'noopener');
}
