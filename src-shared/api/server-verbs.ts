/**
 * Which running-state verbs make sense for a server in a given status (issue 32 item 2: a server
 * in error offered Start and Stop at once). One rule, used by the server page's buttons:
 *
 * - running or trying to (`connected`, `connecting`, `backoff`): Stop and Restart;
 * - failed or waiting (`error`, `needs-auth`): Start and Restart — nothing runs, so nothing to stop;
 * - not running (`stopped`, `disconnected`, `changed`): Start;
 * - blocked (`disabled`, `untrusted`): nothing — enabling or trusting comes first.
 *
 * Test (a one-off connection, docs/operator-verbs.md) is offered whenever the server is not blocked.
 */
import type { ServerStatusName } from './status.js';

/** The verbs offered for one status (`true` = the button is enabled). */
export interface ServerVerbs {
  start: boolean;
  stop: boolean;
  restart: boolean;
  test: boolean;
}

const NONE: ServerVerbs = { start: false, stop: false, restart: false, test: false };

/** The verbs that make sense for `status` (see the module comment). Pure. */
export function serverVerbs(status: ServerStatusName): ServerVerbs {
  switch (status) {
    case 'connected':
    case 'connecting':
    case 'backoff':
      return { start: false, stop: true, restart: true, test: true };
    case 'error':
    case 'needs-auth':
      return { start: true, stop: false, restart: true, test: true };
    case 'stopped':
    case 'disconnected':
    case 'changed':
      return { start: true, stop: false, restart: false, test: true };
    case 'disabled':
    case 'untrusted':
      return NONE;
  }
}
