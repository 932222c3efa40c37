/**
 * What the Server overview reports about the last connect (issue 15 item 4, docs/protocol-eras.md
 * "Server overview"): how long each phase took, the capabilities Switchboard sent, and the
 * features in use that revision 2026-07-28 deprecates or no longer has.
 */
import { z } from 'zod';

/**
 * The phases of the last successful connect, in ms, one after another: `spawnMs` (values, auth,
 * transport; for stdio until the process has spawned), `probeMs` (the `server/discover` round trip;
 * absent when no probe was sent: setting `legacy` or a remembered era), `handshakeMs` (the rest of
 * the connect: `initialize` and `notifications/initialized` in the 2025 era), `firstListMs` (the
 * first `tools/list`, every page). `totalMs` is their sum; `startedAt` is epoch ms.
 */
export const ConnectTimingsSchema = z.object({
  startedAt: z.number(),
  spawnMs: z.number().nonnegative(),
  probeMs: z.number().nonnegative().optional(),
  handshakeMs: z.number().nonnegative(),
  firstListMs: z.number().nonnegative(),
  totalMs: z.number().nonnegative(),
});
export type ConnectTimings = z.infer<typeof ConnectTimingsSchema>;

/** A feature the server's connection uses that 2026-07-28 deprecates (or, for the 2025 handshake, no longer has). */
export const DeprecatedFeatureSchema = z.object({
  /** Short name, e.g. `Logging`, `HTTP+SSE transport`. */
  feature: z.string(),
  status: z.enum(['deprecated', 'removed']),
  /** How it is in use here, and the migration path the specification names. */
  detail: z.string(),
});
export type DeprecatedFeature = z.infer<typeof DeprecatedFeatureSchema>;
