/**
 * Reaching one host's card in the Gateway view (issue 31 item 1, issue 32 item 2): each card has the
 * element id `gateway-host-<host id>`. A view that sends a person here for one host (the budget
 * view's Connect, the command palette) passes that host to the Gateway view; a link may also name
 * the card in `location.hash` (`#gateway-host-<host id>`). The view scrolls that card into view
 * once the hosts are read — however long that takes: a trial on a busy machine with a 5,000-tool
 * server waited 29 s for the lists, and a watch with a 10 s limit had given up by then.
 */
import { useEffect } from 'react';
import type { HostId } from '../../../src-shared/config/server.js';

/** The element id of `host`'s card. */
export const gatewayHostElementId = (host: HostId): string => `gateway-host-${host}`;

/**
 * Once `ready` (the hosts are read), scroll `host`'s card to the top of the view — or, with no
 * `host`, the card `location.hash` names — then call `done` (also when that host has no card).
 * `done` must be stable (a `useCallback`): a new one each render would scroll again.
 */
export function useScrollToHost(ready: boolean, host?: HostId, done?: () => void): void {
  useEffect(() => {
    if (!ready) return;
    const id = host ? gatewayHostElementId(host) : window.location.hash.replace(/^#/, '');
    if (!id.startsWith('gateway-host-')) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
    if (host) done?.();
  }, [ready, host, done]);
}
