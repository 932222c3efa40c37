/** `servers:setProtocol` (issue 10): a server's protocol generation setting (docs/protocol-eras.md). */
import { ProtocolModeSchema } from '../../config/server.js';
import { ServerRefSchema, WriteOutcomeSchema } from '../config.js';

export const protocolMethods = {
  /**
   * Set how a server is reached: `auto` (probe, fall back), `2026-07-28` (pinned), `legacy` (2025
   * handshake, no probe). Written as `protocol` in Switchboard's own servers.json; for a server in
   * another host's file kept in Switchboard's state only (`switchboardOnly`), and dropped when that
   * definition changes. The server reconnects with the new setting.
   */
  'servers:setProtocol': { input: ServerRefSchema.extend({ protocol: ProtocolModeSchema }).strict(), output: WriteOutcomeSchema },
} as const;
