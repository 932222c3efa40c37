/**
 * The agent-visible tool list of the last `McpManager.listTools`, reused while its inputs are the
 * same (docs/gateway.md § Speed). Every call of every face resolves its tool through that list
 * (`resolveTool`'s `exposed`), and building it names every tool of every connected server — with ten
 * servers of a hundred tools, milliseconds per call. The inputs are compared exactly: the connected
 * servers in order, each one's listing by identity (a connection replaces its array on every
 * listing, never edits it) and its filters by value (the definition's lists and the tools held by
 * toggles or pins, computed on each call). Any difference builds the list again. The comparison
 * allocates nothing (issue 32 item 1: it ran on every call, and serialised every server's filters).
 */
import type { ToolInfo } from '../../../../src-shared/api/status.js';
import type { ServerTools } from './tool-bridge.js';

/** One server's part of the inputs, as they were when the list was built. */
interface Input {
  server: string;
  tools: ServerTools['tools'];
  enabledTools: readonly string[] | undefined;
  disabledTools: readonly string[] | undefined;
}

/** Two optional name lists with the same names in the same order (absent only equals absent). */
function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One list, valid while its inputs are the same. */
export class ToolInfosMemo {
  private last?: { inputs: Input[]; infos: ToolInfo[] };

  /** The list for `entries`: the last one when they are the same, else `build(entries)` (kept for next time). */
  of(entries: readonly ServerTools[], build: (entries: readonly ServerTools[]) => ToolInfo[]): ToolInfo[] {
    const last = this.last;
    if (last !== undefined && this.same(last.inputs, entries)) return last.infos;
    const infos = build(entries);
    this.last = { inputs: entries.map((e) => ({ server: e.server, tools: e.tools, enabledTools: e.enabledTools && [...e.enabledTools], disabledTools: e.disabledTools && [...e.disabledTools] })), infos };
    return infos;
  }

  private same(inputs: readonly Input[], entries: readonly ServerTools[]): boolean {
    if (inputs.length !== entries.length) return false;
    for (let i = 0; i < inputs.length; i++) {
      const was = inputs[i];
      const now = entries[i];
      if (was === undefined || now === undefined || was.server !== now.server || was.tools !== now.tools || !sameList(was.enabledTools, now.enabledTools) || !sameList(was.disabledTools, now.disabledTools)) return false;
    }
    return true;
  }
}
