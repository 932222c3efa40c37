/**
 * The agent-visible tool list of the last `McpManager.listTools`, reused while its inputs are the
 * same (docs/gateway.md § Speed). Every call of every face resolves its tool through that list
 * (`resolveTool`'s `exposed`), and building it names every tool of every connected server — with ten
 * servers of a hundred tools, milliseconds per call. The inputs are compared exactly: the connected
 * servers in order, each one's listing by identity (a connection replaces its array on every
 * listing, never edits it) and its filters by value (the definition's lists and the tools held by
 * toggles or pins, computed on each call). Any difference builds the list again.
 */
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import type { ServerTools } from './tool-bridge.js';

/** One list, valid while its inputs are the same. */
export class ToolInfosMemo {
  private last?: { inputs: Array<{ server: string; tools: ServerTools['tools']; filters: string }>; infos: ToolInfo[] };

  /** The list for `entries`: the last one when they are the same, else `build(entries)` (kept for next time). */
  of(entries: readonly ServerTools[], build: (entries: readonly ServerTools[]) => ToolInfo[]): ToolInfo[] {
    const inputs = entries.map((e) => ({ server: e.server, tools: e.tools, filters: JSON.stringify([e.enabledTools ?? null, e.disabledTools ?? null]) }));
    const last = this.last;
    const same = last !== undefined && last.inputs.length === inputs.length && inputs.every((e, i) => {
      const was = last.inputs[i];
      return was !== undefined && was.server === e.server && was.tools === e.tools && was.filters === e.filters;
    });
    if (same) return last.infos;
    const infos = build(entries);
    this.last = { inputs, infos };
    return infos;
  }
}
