/**
 * Every listed tool's names under every host's scheme (lib/tool-name-view.ts), computed once per
 * tools snapshot and shared by the list, the detail pane and the search (issue 14 item 6).
 */
import type { ToolInfo } from '../../../src-shared/api/status.js';
import { namesOfTools, type ToolNames } from '../lib/tool-name-view.js';
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
