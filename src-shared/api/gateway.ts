/**
 * The gateway's shapes (issue 30, docs/gateway.md): what one host's agent gets through Switchboard's
 * door — that host's own servers for a project, minus what Switchboard holds back — under names the
 * host accepts, with a reverse map kept in the core.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

/** A tool as the gateway exposes it. `name` is host-safe; `server` and `tool` are the raw names it maps back to. */
export const GatewayToolSchema = z.object({
  /** The name the gateway exposes: `[A-Za-z0-9_-]`, short enough that the host's own prefix keeps it within 64 characters. */
  name: z.string(),
  /** The server's config key (never its `serverInfo.name`). */
  server: z.string(),
  /** The tool's raw name as the server lists it. */
  tool: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  /** The name the host finally shows its agent: its own prefix for the `switchboard` entry + `name` (core/gateway/gateway-names.ts `hostShownName`). */
  shown: z.string().optional(),
});
export type GatewayTool = z.infer<typeof GatewayToolSchema>;

/** Why a server of the host's view gives no tools (or all of its tools that are not held back). */
export const GatewayServerStateSchema = z.enum(['listed', 'not-ready', 'untrusted', 'changed', 'disabled']);
export type GatewayServerState = z.infer<typeof GatewayServerStateSchema>;

/** One server of the host's view: its state, why when not listed, and how many tools it gives. */
export const GatewayServerSchema = z.object({
  server: z.string(),
  state: GatewayServerStateSchema,
  reason: z.string().optional(),
  /** Tools exposed from this server (after every filter). */
  tools: z.number().int(),
});
export type GatewayServer = z.infer<typeof GatewayServerSchema>;

/** Tools whose host-safe names were the same: the first keeps it, the others carry `_2`, `_3`… */
export const GatewayCollisionSchema = z.object({
  /** The name they shared before the suffixes. */
  name: z.string(),
  tools: z.array(z.object({ server: z.string(), tool: z.string() })),
});
export type GatewayCollision = z.infer<typeof GatewayCollisionSchema>;

/** One of the three tools a progressive door offers instead of the full list (issue 31 item 4, core/gateway/progressive.ts). */
export const GatewayProgressiveToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type GatewayProgressiveTool = z.infer<typeof GatewayProgressiveToolSchema>;

/** `gateway:list`'s answer: one host's list for one project. */
export const GatewayListSchema = z.object({
  host: HostIdSchema,
  /** The project folder the host's view was read for (absolute). */
  project: z.string(),
  /** The single-server door's server, when one was asked for. */
  server: z.string().optional(),
  tools: z.array(GatewayToolSchema),
  servers: z.array(GatewayServerSchema),
  collisions: z.array(GatewayCollisionSchema),
  /** What in the host's own files could not be read or will not work as written (a file that does not parse, an entry left out), with words; absent when nothing. */
  problems: z.array(z.object({ file: z.string(), line: z.number().int().optional(), server: z.string().optional(), message: z.string() })).optional(),
  /**
   * Progressive discovery is on for the host (issue 31 item 4; aggregated door only): the door offers
   * these three tools (`search_tools`, `describe_tool`, `call_tool`) instead of `tools`, which still
   * holds what they search and call. Absent: off (the default), or a single-server door.
   */
  progressive: z.array(GatewayProgressiveToolSchema).optional(),
});
export type GatewayList = z.infer<typeof GatewayListSchema>;

/**
 * Which door a call came through, kept on its history record (absent: a person, the bridge or the
 * library). `instance`: the separate process that served it (`<server>@<8 hex>`, docs/gateway.md §
 * Sharing) while the record names the server the host called; absent: the server's own process.
 */
export const CallViaSchema = z.object({ host: HostIdSchema, instance: z.string().optional() });
export type CallVia = z.infer<typeof CallViaSchema>;
