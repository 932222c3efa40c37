/** `servers:*` and `logs:*` methods: the server list and each server's log (docs/config-discovery.md, §6, §8). */
import { z } from 'zod';
import { LogEntrySchema, ServersSnapshotSchema } from '../status.js';
import { Empty, ServerName } from './common.js';

export const serverMethods = {
  /** The whole server list: statuses, shadowed definitions, warnings, project trust. */
  'servers:list': { input: Empty, output: ServersSnapshotSchema },
  /**
   * The demo server to try a call on (the first-run buttons): a definition that already runs the
   * bundled reference server (server-everything) is reused; otherwise it is added to Switchboard's own
   * `servers.json` as `everything`, or `everything-demo`(`-2`…) when a definition anywhere has that
   * name, and started. `demoServer` names it.
   */
  'servers:addDefault': { input: Empty, output: ServersSnapshotSchema.extend({ demoServer: ServerName }) },
  /** A server's buffered log lines with `seq` greater than `afterSeq` (so a reload catches up). */
  'logs:get': {
    input: z.object({ server: ServerName, afterSeq: z.number().int().optional() }).strict(),
    output: z.array(LogEntrySchema),
  },
} as const;

export const serverEvents = {
  /** The whole server list changed (status, discovery, trust). Coalesced in main. */
  'servers:changed': ServersSnapshotSchema,
  /** New log lines, batched. */
  'logs:appended': z.array(LogEntrySchema),
} as const;
