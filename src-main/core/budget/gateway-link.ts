/**
 * Whether a host is connected through Switchboard's gateway (issue 32, docs/context-budget.md §
 * Switches of a host without a per-tool list): its files load a door entry — a stdio entry whose
 * arguments hold `gateway` and `--host <host>` (`switchboard gateway --host cursor`, or node with the
 * CLI's path, docs/gateway.md § Doors). A host whose file has no per-tool list gets its switches
 * only through that door. Pure.
 */
import type { BudgetGatewayLink } from '../../../src-shared/api/budget.js';
import { HOST_LABELS, type HostId, type ServerDefinition } from '../../../src-shared/config/server.js';

/** Whether `def` is `host`'s gateway door entry. */
export function isDoorEntryFor(def: ServerDefinition, host: HostId): boolean {
  if (def.transport !== 'stdio') return false;
  const args = def.args ?? [];
  if (!args.includes('gateway')) return false;
  return args.some((a, i) => a === `--host=${host}` || (a === '--host' && args[i + 1] === host));
}

/**
 * The link of `host`, given the definitions its files load and whether `switchboard connect` put it
 * behind the gateway (`connected`: its file then reads as before the connect, so the door entries
 * it now holds are not among `loaded`; docs/gateway.md § Connecting a host).
 */
export function gatewayLink(host: HostId, loaded: readonly ServerDefinition[], connected = false): BudgetGatewayLink {
  const label = HOST_LABELS[host];
  if (connected) {
    return { connected: true, note: `applies through the gateway: ${label} is connected (switchboard connect ${host}), so a tool that is off is left out of what it lists` };
  }
  if (loaded.some((d) => isDoorEntryFor(d, host))) {
    return { connected: true, note: `applies through the gateway: ${label} is connected (its door entry, switchboard gateway --host ${host}, leaves a tool that is off out)` };
  }
  return { connected: false, note: `applies through the gateway; ${label} is not connected (its files hold no door entry switchboard gateway --host ${host}, so ${label} still sends every tool)` };
}
