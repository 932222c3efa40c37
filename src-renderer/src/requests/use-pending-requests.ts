/**
 * Follow the pending server requests (sampling, elicitation): fetched, then `requests:pending` /
 * `requests:resolved`; fetched again after the wire came back (a restarted owner has none of the
 * old ones). Its own file so the app shell can watch for a request without loading the dialog and
 * its form library (issue 32 item 1: the first paint does not wait for what is not shown).
 */
import { useMemo } from 'react';
import type { PendingServerRequest } from '../../../src-shared/api/inspector.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';

const NO_REQUESTS: PendingServerRequest[] = [];

/** The pending requests, oldest first (empty until the first answer). */
export function usePendingRequests(): PendingServerRequest[] {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<PendingServerRequest[]>>(() => ({
    fetch: () => api.call('requests:list', {}),
    follow: ({ patch }) => [
      api.on('requests:pending', (r) => patch((list) => (list.some((x) => x.id === r.id) ? list : [...list, r]))),
      api.on('requests:resolved', (r) => patch((list) => list.filter((x) => x.id !== r.id))),
    ],
  }), [api]);
  return useFollowedList(spec).data ?? NO_REQUESTS;
}
