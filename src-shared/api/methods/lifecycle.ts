/**
 * Running-state verbs (docs/operator-verbs.md) and the JSON-RPC trace (docs/inspecting.md): `servers:start|stop|clearStop|
 * restart|reload|test`, `trace:get` and `trace:replay`, plus the `trace:appended` event. Owned by the lifecycle work (#4).
 */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { TestReportSchema, TraceEntrySchema, TraceIdSchema, TraceReplaySchema } from '../lifecycle.js';
import { ServersSnapshotSchema } from '../status.js';
import { Empty, ServerName } from './common.js';

const One = z.object({ server: ServerName }).strict();

export const lifecycleMethods = {
  /** Start a server (clears a manual stop and a last error, then connects). DISABLED for a disabled one. */
  'servers:start': { input: One, output: ServersSnapshotSchema },
  /**
   * Forget a server's manual stop without starting it: what `switchboard start` does when no owner
   * runs (the next owner starts it). NOT_FOUND / DISABLED as `servers:start`.
   */
  'servers:clearStop': { input: One, output: ServersSnapshotSchema },
  /** Stop a server: kill its process, drop its tools, keep the entry; remembered as a manual stop. */
  'servers:stop': { input: One, output: ServersSnapshotSchema },
  /** Restart one server, or every server with a fresh context when `server` is absent. */
  'servers:restart': { input: z.object({ server: ServerName.optional() }).strict(), output: ServersSnapshotSchema },
  /** Re-read the config files and diff-and-apply: nothing unchanged restarts. */
  'servers:reload': { input: Empty, output: ServersSnapshotSchema },
  /** Connect (or reuse), list tools, ping; report latencies and the outcome. */
  'servers:test': { input: One, output: TestReportSchema },
  /**
   * A server's JSON-RPC trace entries, its gateway instances' (`<server>@<hash>`) included, with `seq > afterSeq` (bounded, redacted); without `server`,
   * every server's merged in `seq` (time) order. `method`: only entries of that method (a reply
   * carries its request's). `host`: only entries of that host's gateway requests (tagged `via`; issue 31).
   * `traceId`: only entries of that W3C trace (32 lower-case hex; issue 35 item 4).
   */
  'trace:get': {
    input: z
      .object({
        server: ServerName.optional(),
        afterSeq: z.number().int().optional(),
        method: z.string().min(1).max(500).optional(),
        host: HostIdSchema.optional(),
        traceId: TraceIdSchema.optional(),
      })
      .strict(),
    output: z.array(TraceEntrySchema),
  },
  /**
   * Send a traced request of ours again through the server's live client (docs/inspecting.md
   * "Replay"); the new exchange is traced. BAD_REQUEST for a handshake message, a subscription,
   * a message the server sent, and params that were redacted or cut when traced; NOT_FOUND when
   * the entry left the trace.
   */
  'trace:replay': {
    input: z.object({ server: ServerName, seq: z.number().int().nonnegative() }).strict(),
    output: TraceReplaySchema,
  },
} as const;

export const lifecycleEvents = {
  /** New trace entries, batched. */
  'trace:appended': z.array(TraceEntrySchema),
} as const;
