/**
 * Switchboard's own gateway door in a host's file (issue 30, docs/gateway.md § A host's entry for
 * the door): an entry that starts `switchboard gateway …` is the door the host spawns to reach
 * Switchboard, not one of its servers. Switchboard never runs it (it would run itself and list its
 * own tools, recursively) and the gateway never lists it. Pure.
 */
import type { ServerDefinition } from '../../../src-shared/config/server.js';

/** The last part of a path, with `/` or `\` as separator, lower-cased (Windows names are case-blind). */
function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return (parts[parts.length - 1] ?? '').toLowerCase();
}

/** Whether `path` names Switchboard's CLI: the `switchboard` bin (`.cmd`, `.exe`, `.mjs`), or the built `out/cli/…` entry. */
export function isSwitchboardBin(path: string): boolean {
  const base = baseName(path);
  if (['switchboard', 'switchboard.cmd', 'switchboard.exe', 'switchboard.ps1', 'switchboard.mjs'].includes(base)) return true;
  return /(^|[\\/])out[\\/]cli[\\/][^\\/]+$/i.test(path);
}

/**
 * Whether `def` starts Switchboard's gateway door: its command names Switchboard's bin and its
 * arguments hold the verb `gateway`, or its command is a runner (`node`, …) whose first argument
 * names the bin and a later argument is `gateway`. Remote entries never are.
 */
export function isSwitchboardGatewayEntry(def: Pick<ServerDefinition, 'command' | 'args'>): boolean {
  if (def.command === undefined) return false;
  const args = def.args ?? [];
  if (isSwitchboardBin(def.command)) return args.includes('gateway');
  const [first, ...rest] = args;
  return first !== undefined && isSwitchboardBin(first) && rest.includes('gateway');
}

/** The note shown for such an entry (`servers`, status, the window). */
export function gatewayEntryNote(def: Pick<ServerDefinition, 'name'>, hostLabel: string): string {
  return `Server "${def.name}" is Switchboard's gateway door for ${hostLabel} (not run by Switchboard)`;
}
