/**
 * The rules of a host's guard rails (issue 31 item 3, docs/gateway.md § Guard rails): which tools
 * pass a read-only door, which calls wait for a confirmation, and the words an agent reads when one
 * is refused. MCP 2025-11-25 `ToolAnnotations`: `readOnlyHint` defaults to false; `destructiveHint`
 * defaults to true and is meaningful only when `readOnlyHint` is false — so a tool with no
 * annotations counts as destructive, and a read-only one never does. Annotations are the server's
 * own hints (untrusted text): read-only mode trusts a server's word that a tool changes nothing.
 * Pure.
 */
import type { GatewayGuard } from '../../../src-shared/api/gateway-guard.js';
import { HOST_LABELS, type HostId } from '../../../src-shared/config/server.js';
import { hostSafe } from './gateway-names.js';

/** A tool's annotations as the server listed them (anything else reads as none). */
type Annotations = Record<string, unknown> | undefined;

/** `readOnlyHint: true` exactly (default false). */
export function isReadOnlyTool(annotations: Annotations): boolean {
  return annotations?.readOnlyHint === true;
}

/** MCP's reading: not read-only, and `destructiveHint` not `false` (default true). */
export function isDestructiveTool(annotations: Annotations): boolean {
  return !isReadOnlyTool(annotations) && annotations?.destructiveHint !== false;
}

/** Why a tool is held back from a read-only door (the gate says `Tool "<name>" is <this>`), or undefined. */
export function readOnlyHeld(guard: Pick<GatewayGuard, 'readOnly'> | undefined, host: HostId, annotations: Annotations): string | undefined {
  if (!guard?.readOnly || isReadOnlyTool(annotations)) return undefined;
  return `not read-only (its server does not annotate it readOnlyHint: true), and ${HOST_LABELS[host]}'s gateway is read-only in Switchboard; switch that off with: switchboard guard ${host} --read-only off`;
}

/**
 * Whether the call of `name` (the name the door served; `server`/`tool` what it stands for) waits
 * for a confirmation. A chosen list matches the called name or the aggregated door's name of the
 * tool (`<server>_<tool>`, made host-safe), so one list serves both the aggregated and the
 * single-server door.
 */
export function needsConfirmation(guard: GatewayGuard, name: string, server: string, tool: string, annotations: Annotations): boolean {
  if (guard.confirm === 'off') return false;
  if (guard.confirm === 'destructive') return isDestructiveTool(annotations);
  return guard.confirm.includes(name) || guard.confirm.includes(`${hostSafe(server)}_${hostSafe(tool)}`);
}

/** The elicitation a confirmation asks (form mode: one `confirm` Boolean), for the window and the host. */
export function confirmationParams(host: HostId, name: string, server: string, tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const shown = JSON.stringify(args);
  const argsText = shown.length > 500 ? `${shown.slice(0, 500)}…` : shown;
  return {
    mode: 'form',
    message: `${HOST_LABELS[host]}'s agent wants to call "${name}" (tool "${tool}" of server "${server}") with ${argsText}. Allow this call?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Allow this call', default: false } }, required: ['confirm'] },
  };
}

/** The words of a call not confirmed within `timeoutMs`. */
export function notConfirmedWords(name: string, host: HostId, timeoutMs: number): string {
  const secs = Math.round(timeoutMs / 100) / 10;
  return `Tool "${name}" was not confirmed within ${secs} s; ask the user to approve it in Switchboard (${HOST_LABELS[host]}'s guard rails ask before this tool runs)`;
}

/** The words of a call a person (`by`: "in Switchboard" or "by <Host>") did not allow. */
export function deniedWords(name: string, by: string): string {
  return `Tool "${name}" was not allowed ${by}: the user denied this call (guard rails of Switchboard's gateway)`;
}
