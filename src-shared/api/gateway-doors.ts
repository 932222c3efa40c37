/**
 * How a host reaches Switchboard's gateway (issue 30, docs/gateway.md § A host's entry): the stdio
 * door's command line in two forms and the HTTP door's URL.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';
import { ConnectedSummarySchema } from './gateway-connect.js';

/** A command and its arguments, as a host's entry holds them. */
export const GatewayLaunchSchema = z.object({ command: z.string(), args: z.array(z.string()) });
export type GatewayLaunch = z.infer<typeof GatewayLaunchSchema>;

/** `gateway:doors`' answer. */
export const GatewayDoorsSchema = z.object({
  host: HostIdSchema,
  server: z.string().optional(),
  /** `switchboard gateway --host <id>`: needs `switchboard` on the host's PATH (`npm link` or a global install). */
  stdio: GatewayLaunchSchema,
  /** The same with node's and the built CLI's absolute paths; absent when the owner is not the CLI (the desktop app). */
  stdioAbsolute: GatewayLaunchSchema.optional(),
  /** `http://127.0.0.1:<port>/mcp/<host>[/<server>]`; absent when no owner listens now. The bearer token: `switchboard gateway --host <id> --print-http --show-token`. */
  url: z.string().optional(),
  /** How the host is connected through the gateway (`gateway:connect`): its mode and the file written; absent when it is not. */
  connected: ConnectedSummarySchema.optional(),
  /** Why this host cannot be connected through the gateway (Switchboard's own servers, the root mcp.json fallback); absent when it can. */
  notConnectable: z.string().optional(),
});
export type GatewayDoors = z.infer<typeof GatewayDoorsSchema>;
