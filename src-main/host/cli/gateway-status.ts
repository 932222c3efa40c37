/**
 * The gateway's lines of `switchboard status` (issue 30 item 1, docs/gateway.md § Where the doors
 * are), from `gateway:httpDoor`: the HTTP door's base URL, a port that moved at start (hosts set up
 * with the old URL must be given the new one), and the hosts that have a token.
 */
import type { GatewayHttpDoor } from '../../../src-shared/api/gateway-http-door.js';

/**
 * The lines, e.g. `Gateway: http://127.0.0.1:47100/mcp/<host>[/<server>] (HTTP door) · tokens: claude-code`;
 * none when no host has a token and the port did not move (a person who does not use the HTTP door
 * sees no gateway lines).
 */
export function gatewayStatusLines(doors: GatewayHttpDoor): string[] {
  if ((doors.tokens ?? []).length === 0 && doors.movedFrom === null) return [];
  const tokens =
    doors.tokens === null
      ? 'tokens: not known (the keychain cannot be read)'
      : doors.tokens.length > 0
        ? `tokens: ${doors.tokens.join(', ')}`
        : 'no host has a token yet (switchboard gateway --host <id> --print-http)';
  const where = doors.baseUrl !== null ? `${doors.baseUrl}/<host>[/<server>] (HTTP door)` : 'not served now (no Switchboard runs; it serves the HTTP door on its port)';
  const lines = [`Gateway: ${where} · ${tokens}`];
  if (doors.movedFrom !== null && doors.port !== null) {
    lines.push(`Gateway: port ${doors.movedFrom} was taken; the gateway moved to ${doors.port} — give each host its new URL (switchboard gateway --host <id> --print-http)`);
  }
  return lines;
}
