/**
 * What the Gateway view shows (issue 30 item 1): for each host whose files hold servers for the
 * project (`config:hosts`), its list through the gateway (`gateway:list`) and how it reaches its
 * doors (`gateway:doors`). Followed with `useFollowedList`: fetched again 200 ms after the owner
 * says servers, tools or config files changed (they come in bursts), and after a reconnect. Every
 * rule is the core's; this only fetches.
 */
import { useMemo } from 'react';
import type { Result } from '../../../src-shared/api/envelope.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayDoors } from '../../../src-shared/api/gateway-doors.js';
import type { HostId } from '../../../src-shared/config/server.js';
import type { FollowedListSpec } from '../lib/followed-list.js';
import { useFollowedList } from '../lib/use-followed-list.js';
import { useApp } from '../store/use-store.js';

/** One host's part of the view. */
export interface GatewayHost {
  host: HostId;
  label: string;
  list: GatewayList;
  doors: GatewayDoors;
}

/** How long after an event the view reads again. */
const RELIST_DELAY_MS = 200;

/** The hosts (undefined until the first answer) and the last error's words. */
export function useGatewayHosts(): { hosts?: GatewayHost[]; error?: string; refresh(): void } {
  const { api } = useApp();
  const spec = useMemo<FollowedListSpec<GatewayHost[]>>(
    () => ({
      fetch: async (): Promise<Result<GatewayHost[]>> => {
        const views = await api.call('config:hosts', {});
        if (!views.ok) return views;
        const hosts: GatewayHost[] = [];
        for (const v of views.data.filter((h) => h.entries.length > 0 || h.files.some((f) => f.error))) {
          const [list, doors] = await Promise.all([api.call('gateway:list', { host: v.host }), api.call('gateway:doors', { host: v.host })]);
          if (!list.ok) return { ok: false, error: { ...list.error, message: `${v.label}: ${list.error.message}` } };
          if (!doors.ok) return { ok: false, error: { ...doors.error, message: `${v.label}: ${doors.error.message}` } };
          // A host whose only entry is the door itself gives nothing to show.
          if (list.data.servers.length > 0 || (list.data.problems?.length ?? 0) > 0) hosts.push({ host: v.host, label: v.label, list: list.data, doors: doors.data });
        }
        return { ok: true, data: hosts };
      },
      follow: ({ refetch }) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const later = (): void => {
          if (timer) clearTimeout(timer);
          timer = setTimeout(refetch, RELIST_DELAY_MS);
        };
        return [api.on('servers:changed', later), api.on('tools:changed', later), api.on('config:reloaded', later), () => clearTimeout(timer)];
      },
    }),
    [api],
  );
  const { data, error, refresh } = useFollowedList(spec);
  return { ...(data !== undefined ? { hosts: data } : {}), ...(error !== undefined ? { error: error.message } : {}), refresh: () => void refresh() };
}
