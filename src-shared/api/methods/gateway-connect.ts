/**
 * `gateway:connect`, `gateway:disconnect`: connect a host through the gateway in one reversible step
 * (issue 31 item 1, docs/gateway.md § Connecting a host).
 */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { ConnectOutcomeSchema } from '../gateway-connect.js';

export const gatewayConnectMethods = {
  /**
   * Replace `host`'s server entries by gateway entries (`each`: one of the same name per server, the
   * default; `one`: a single `switchboard` entry), keeping the originals in Switchboard; `dryRun`
   * only answers the diff; `http` writes HTTP door entries; `inProjectFile` rewrites a project file
   * too (else Claude Code's project servers are fronted in its local scope, other hosts' are left alone).
   * Refused with words when the host is already connected, has no server, or a file cannot be read.
   */
  'gateway:connect': {
    input: z
      .object({ host: HostIdSchema, mode: z.enum(['each', 'one']).optional(), dryRun: z.boolean().optional(), http: z.boolean().optional(), inProjectFile: z.boolean().optional() })
      .strict(),
    output: ConnectOutcomeSchema,
  },
  /** Undo `gateway:connect`: the file back byte for byte when unchanged since, else the entries only (a note says so). */
  'gateway:disconnect': { input: z.object({ host: HostIdSchema, dryRun: z.boolean().optional() }).strict(), output: ConnectOutcomeSchema },
} as const;
