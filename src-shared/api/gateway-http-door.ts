/**
 * `gateway:httpDoor` (issue 30 item 1, docs/gateway.md § Where the doors are): where the owner serves
 * the gateway's HTTP door, whether its port moved at start, and which hosts have a token — for
 * `switchboard status` and the window.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';

export const GatewayHttpDoorSchema = z.object({
  /**
   * The HTTP door's base, `http://127.0.0.1:<port>/mcp` (a host's path is `/<host>[/<server>]`
   * below it); null when this core serves no listener (a CLI verb's own core: no Switchboard runs).
   */
  baseUrl: z.string().nullable(),
  /** The listener's port; null as `baseUrl`. */
  port: z.number().int().nullable(),
  /**
   * The port the folder's owner had before, when it was taken at this start and the owner moved to
   * `port` (hosts configured with the old URL must be given the new one); else null.
   */
  movedFrom: z.number().int().nullable(),
  /** Hosts that have a gateway token in the keychain, in host-id order; null when the keychain cannot be read. */
  tokens: z.array(HostIdSchema).nullable(),
});
export type GatewayHttpDoor = z.infer<typeof GatewayHttpDoorSchema>;
