/** `servers:*` and `logs:*` methods: the server list and each server's log (docs/config-discovery.md, §6, §8). */
import { z } from 'zod';
import { LogEntrySchema, ServersSnapshotSchema } from '../status.js';
import { Empty, ServerName } from './common.js';

export const serverMethods = {
  /** The whole server list: statuses, shadowed definitions, warnings, project trust. */
  'servers:list': { input: Empty, output: ServersSnapshotSchema },
  /**
   * Add the reference server (server-everything, shipped as a dependency) to Switchboard's own
   * `servers.json` and start it: the first-run empty state's one button.
   */
  'servers:addDefault': { input: Empty, output: ServersSnapshotSchema },
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
