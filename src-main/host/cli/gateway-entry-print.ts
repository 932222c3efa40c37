/**
 * `switchboard gateway --host <id> [--server <name>] --print-entry` (issue 30 item 3, docs/gateway.md
 * § A host's entry): prints a host entry ready to paste — `{ "mcpServers": { "switchboard": … } }`
 * with the absolute paths of node and this CLI, so it works without `npm link` or a global install —
 * and, on stderr, the shorter `switchboard` form and what it needs. Exit 0; 2 when this process's
 * CLI entry is unknown.
 */
import { gatewayDoors, gatewayEntryJson } from '../../core/index.js';
import type { HostId } from '../../../src-shared/config/server.js';
import { EXIT } from './args.js';
import { cliLaunch, type CliContext } from './context.js';

/** Print `host`'s ready-to-paste stdio entry. */
export function printGatewayEntry(ctx: CliContext, host: HostId, server: string | undefined): number {
  const doors = gatewayDoors(host, server, cliLaunch().cliLaunch, undefined);
  if (!doors.stdioAbsolute) {
    ctx.io.err('switchboard gateway: the path of this CLI is unknown; use the "switchboard" form: ' + gatewayEntryJson(doors.stdio).replace(/\s+/g, ' '));
    return EXIT.FAILURE;
  }
  ctx.io.out(gatewayEntryJson(doors.stdioAbsolute));
  ctx.io.err(`Or, with "switchboard" on the host's PATH (npm link, or a global install): "command": "switchboard", "args": ${JSON.stringify(doors.stdio.args)}`);
  return EXIT.OK;
}
