/**
 * The event subscriptions (issue 34), one server's or all, followed: `events:subscriptions`, then
 * kept true by `events:changed` (which carries the whole list), fetched again after a reconnect.
 */
import { useMemo } from 'react';
import type { EventSubscription } from '../../../src-shared/api/events.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList, type FollowedListView } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';

/** Subscriptions of `serverId` (every server's when undefined), oldest first. */
export function useEventSubscriptions(serverId?: string): FollowedListView<EventSubscription[]> {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<EventSubscription[]>>(
    () => ({
      fetch: () => api.call('events:subscriptions', serverId === undefined ? {} : { serverId }),
      follow: ({ patch }) => [api.on('events:changed', (all) => patch(() => (serverId === undefined ? all : all.filter((s) => s.serverId === serverId))))],
    }),
    [api, serverId],
  );
  return useFollowedList(spec, serverId === undefined ? {} : { server: serverId });
}
