/**
 * Which server the "Add the demo server and try a call" buttons use (`servers:addDefault`, trial 13
 * item 6): never one that takes another definition's name. Before, the bundled reference server was
 * always written to Switchboard's own file as `everything`; with an `everything` already defined in a
 * host's file, the new entry shadowed the person's own definition and restarted it, and no new server
 * appeared to try.
 */
import type { MCPServer, ServerDefinition } from '../../../src-shared/config/server.js';

/** The demo's names, in the order tried: `everything`, then `everything-demo`, `everything-demo-2`, … */
function* demoNames(): Generator<string> {
  yield 'everything';
  yield 'everything-demo';
  for (let n = 2; ; n++) yield `everything-demo-${n}`;
}

/** Whether `def` runs exactly the demo's command (env aside: Electron's ELECTRON_RUN_AS_NODE is its launch detail). */
function sameCommand(def: ServerDefinition, entry: MCPServer): boolean {
  return def.transport === 'stdio' && def.command === entry.command && JSON.stringify(def.args ?? []) === JSON.stringify(entry.args ?? []);
}

/**
 * `reuse`: a running definition (a winner of its name) that is already the demo's command — the
 * demo added before, or the person's own entry for the bundled server; nothing is written.
 * `add`: `entry` under the first name no definition read from any file (winners and shadowed) has.
 */
export function planDemoServer(definitions: readonly ServerDefinition[], winners: readonly ServerDefinition[], entry: MCPServer): { reuse: string } | { add: MCPServer } {
  const same = winners.find((d) => sameCommand(d, entry));
  if (same) return { reuse: same.name };
  const taken = new Set([...definitions, ...winners].map((d) => d.name));
  for (const name of demoNames()) if (!taken.has(name)) return { add: { ...entry, name } };
  throw new Error('unreachable: the demo names never run out');
}
