/** `gateway:*`: what one host's agent gets through Switchboard's gateway (issue 30, docs/gateway.md). */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { GatewayListSchema } from '../gateway.js';
import { GatewayDoorsSchema } from '../gateway-doors.js';
import { GatewayPromptsSchema, GatewayResourcesSchema } from '../gateway-kinds.js';
import { GetPromptOutputSchema, PendingServerRequestSchema, ReadResourceOutputSchema } from '../inspector.js';
import { GatewayHttpDoorSchema } from '../gateway-http-door.js';
import { ToolCallResultSchema } from '../status.js';
import { ServerName } from './common.js';

/** An absolute folder (POSIX `/…` or Windows `C:\…`), at most 4,096 characters. */
const AbsoluteDir = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'must be an absolute folder path');

/**
 * What a door's host can be asked during a call (issue 30 item 5, docs/gateway.md § Relaying): the
 * door's id (unique per door process; two doors' calls on one server at once make its requests
 * ambiguous) and the capabilities the host declared. Absent: the door relays nothing (the HTTP door).
 */
export const GatewayRelaySchema = z
  .object({ door: z.string().min(1).max(100), sampling: z.boolean(), elicitation: z.boolean(), roots: z.boolean() })
  .strict();
export type GatewayRelay = z.infer<typeof GatewayRelaySchema>;

const Door = {
  host: HostIdSchema,
  project: AbsoluteDir.optional(),
  server: ServerName.optional(),
  /**
   * Wait up to this many ms for servers still connecting before the list is built (issue 30 item 5:
   * a door just started lists a healthy server that is a little slow complete, while one that hangs
   * is named `not-ready` when the wait ends). Default none.
   */
  settleMs: z.number().int().min(0).max(60_000).optional(),
};
/** A door's host, project and server, as every `gateway:*` input takes them. */
export const GatewayDoorInput = Door;

export const gatewayMethods = {
  /**
   * The tools `host`'s agent gets for `project` (default: the owner's project folder): the host's
   * own enabled servers minus servers not ready, untrusted or changed, minus tools switched off or
   * held by a pin; with `server`, only that server's tools under their raw names made host-safe.
   * Ordered by server key, then raw tool name.
   */
  'gateway:list': { input: z.object(Door).strict(), output: GatewayListSchema },
  /**
   * Call the tool exposed as `name` in `gateway:list` with the same input. A name outside that list
   * (or differing from one only in case or Unicode form) is refused with a message that says why;
   * else the call runs as `tools:call` does, its history record tagged `via: { host }`.
   */
  'gateway:call': {
    input: z
      .object({
        ...Door,
        name: z.string().min(1).max(500),
        args: z.record(z.string(), z.unknown()).default({}),
        callId: z.string().max(100).optional(),
        /** With `callId`: the server's requests during the call go to this door (`gateway:serverRequest`). */
        relay: GatewayRelaySchema.optional(),
        /** The host's W3C `traceparent` (its request's `_meta`): the call continues that trace (docs/extensions.md § Trace context). */
        traceparent: z.string().max(512).optional(),
      })
      .strict(),
    output: ToolCallResultSchema,
  },
  /**
   * The resources and resource templates of `host`'s listed servers (docs/gateway.md § Resources and
   * prompts), URIs as each server gives them; a URI a server earlier in order already listed is
   * exposed as `switchboard-gateway://<server>/<uri>` and reported in `collisions`.
   */
  'gateway:resources': { input: z.object(Door).strict(), output: GatewayResourcesSchema },
  /**
   * Read `uri` as `resources:read` does, after the same per-host gate as `gateway:call`: its server
   * (by the exposed URI, the distinguishing form, a template's literal start, or `server`) must be
   * listed for the host; otherwise refused with words.
   */
  'gateway:read': { input: z.object({ ...Door, uri: z.string().min(1).max(10_000) }).strict(), output: ReadResourceOutputSchema },
  /** The prompts of `host`'s listed servers, named `<server>_<prompt>` (raw with `server`) by the tools' naming code. */
  'gateway:prompts': { input: z.object(Door).strict(), output: GatewayPromptsSchema },
  /** Get the prompt exposed as `name` in `gateway:prompts` as `prompts:get` does; a name outside that list is refused with words. */
  'gateway:getPrompt': {
    input: z.object({ ...Door, name: z.string().min(1).max(500), args: z.record(z.string(), z.string()).default({}) }).strict(),
    output: GetPromptOutputSchema,
  },
  /**
   * How `host` reaches its doors (docs/gateway.md § A host's entry): the stdio command line (the
   * `switchboard` form and, when the owner is the CLI, node's and the built CLI's absolute paths) and
   * the HTTP door's URL on the live owner's port. No token: `switchboard gateway --print-http --show-token`.
   */
  'gateway:doors': { input: z.object({ host: HostIdSchema, server: ServerName.optional() }).strict(), output: GatewayDoorsSchema },
  /** Where the HTTP door is served, whether its port moved at start, and which hosts have a token (gateway-http-door.ts). */
  'gateway:httpDoor': { input: z.object({}).strict(), output: GatewayHttpDoorSchema },
} as const;

export const gatewayEvents = {
  /**
   * A server's request (sampling, elicitation, roots) during a gateway call, for the door that made
   * the call (`via.callId`) to put to its host; answered with `requests:answer` (`relayed`).
   */
  'gateway:serverRequest': PendingServerRequestSchema,
} as const;
