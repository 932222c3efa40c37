/**
 * Reaching one host's card in the Gateway view (issue 31 item 1): each card has the element id
 * `gateway-host-<host id>`; a view that sends a person here for one host (the budget view's
 * "Connect") sets `location.hash` to `#gateway-host-<host id>` and opens the Gateway view, which
 * scrolls that card into view once the hosts are read.
 */
import { useEffect } from 'react';
import type { HostId } from '../../../src-shared/config/server.js';

/** The element id of `host`'s card. */
export const gatewayHostElementId = (host: HostId): string => `gateway-host-${host}`;

/** Scroll the card `location.hash` names into view once `ready` (the hosts are read). */
export function useScrollToHost(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const id = window.location.hash.replace(/^#/, '');
    if (!id.startsWith('gateway-host-')) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [ready]);
}
