/**
 * The stdio door's logging (issue 30 item 2, docs/gateway.md § Logging): on a 2025-era connection
 * whose host has a listed server declaring `logging`, the door advertises `logging` and forwards
 * each log message one of the host's listed servers sends while the door is open (the owner's
 * `logs:appended` lines of stream `system` that the core wrote for a `notifications/message`:
 * `server log [<level>]…`, already redacted) as `notifications/message` with `logger` = the server's
 * key and `data` = the rest of the line. `logging/setLevel` from the host is the SDK's own handler:
 * it sets this door's threshold (what the door forwards), not the servers' level, which every face
 * and host shares. A 2026-07-28 connection gets no logging (deprecated there; its level travels per
 * request) — not advertised.
 */
import type { LoggingLevel, Server, ServerCapabilities } from '@modelcontextprotocol/server';
import type { GatewayOffers } from '../../../src-shared/api/gateway-complete.js';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import type { GatewayOwner } from './gateway-owner.js';

/** The note the core writes for a server's `notifications/message` (core/mcp/client/client-factory.ts). */
const SERVER_LOG = /^server log \[(\w+)\]:? ?/;

/** The logging part of a door. */
export interface LogDoor {
  capabilities(era: 'legacy' | 'modern'): ServerCapabilities;
  /** Forward to this connection's server (when advertised). */
  install(server: Server, era: 'legacy' | 'modern'): void;
  /** Told every list the door reads: its listed servers are the ones forwarded. */
  onList(list: GatewayList): void;
  close(): void;
}

/** `offers`: `gateway:offers`' answer (undefined when it failed: nothing advertised). */
export function logDoor(owner: GatewayOwner, offers: GatewayOffers | undefined): LogDoor {
  const offered = (offers?.logging.length ?? 0) > 0;
  let listed = new Set(offers?.logging ?? []);
  let current: Server | undefined;
  const off = owner.on('logs:appended', (entries) => {
    const server = current;
    if (server === undefined) return;
    for (const e of entries) {
      const m = e.stream === 'system' && listed.has(e.server) ? SERVER_LOG.exec(e.text) : null;
      if (m === null || e.level === undefined) continue;
      void server.sendLoggingMessage({ level: e.level as LoggingLevel, logger: e.server, data: e.text.slice(m[0].length) }).catch(() => undefined);
    }
  });
  return {
    capabilities: (era) => (offered && era === 'legacy' ? { logging: {} } : {}),
    install(server, era) {
      if (offered && era === 'legacy') current = server;
    },
    onList(list) {
      listed = new Set(list.servers.filter((s) => s.state === 'listed').map((s) => s.server));
    },
    close: off,
  };
}
