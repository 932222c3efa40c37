/**
 * Every listed tool's names under every host's scheme (lib/tool-name-view.ts), computed once per
 * tools snapshot and shared by the list, the detail pane and the search (issue 14 item 6).
 */
import { useMemo } from 'react';
import type { ToolInfo } from '../../../src-shared/api/status.js';
import type { NameSchemeId } from '../../../src-shared/config/host-tool-names.js';
import { namesOfTools, schemesInUse, type ToolNames } from '../lib/tool-name-view.js';
import { useStore } from '../store/use-store.js';

const cache = new WeakMap<Record<string, ToolInfo[]>, Map<string, ToolNames>>();

/** Names of every tool of every server, keyed by `toolKey(server, tool)`. */
export function useToolNames(): Map<string, ToolNames> {
  const tools = useStore((s) => s.tools);
  let names = cache.get(tools);
  if (!names) {
    names = namesOfTools(Object.values(tools).flat());
    cache.set(tools, names);
  }
  return names;
}

/** The naming schemes worth warning about (`schemesInUse`): the hosts the snapshot's definitions come from, and Switchboard. */
export function useSchemesInUse(): ReadonlySet<NameSchemeId> {
  // A string, so a new snapshot with the same hosts keeps the same set (and the summaries' cache).
  const hosts = useStore((s) => [...new Set([...(s.snapshot?.servers ?? []), ...(s.snapshot?.shadowed ?? [])].map((x) => x.server.source.host))].sort().join(' '));
  return useMemo(() => schemesInUse(hosts.split(' ').filter(Boolean)), [hosts]);
}
