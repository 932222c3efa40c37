/**
 * The gateway's resources and prompts (issue 30 item 2, docs/gateway.md § Resources and prompts):
 * what one host's agent gets of its servers' resources, resource templates and prompts through
 * Switchboard's door, each with the server it comes from. Server-provided text is untrusted.
 */
import { z } from 'zod';
import { HostIdSchema } from '../config/server.js';
import { PromptInfoSchema, ResourceInfoSchema, ResourceTemplateInfoSchema } from './inspector.js';

/** A resource as the gateway exposes it: the server's listing plus `server`; `serverUri` when `uri` had to differ from the server's. */
export const GatewayResourceSchema = ResourceInfoSchema.extend({
  /** The URI the door exposes: the server's own, or the distinguishing form when another server listed it first. */
  uri: z.string(),
  /** The server's config key. */
  server: z.string(),
  /** The URI as the server gives it, present only when `uri` is the distinguishing form. */
  serverUri: z.string().optional(),
});
export type GatewayResource = z.infer<typeof GatewayResourceSchema>;

/** A resource template as its server lists it, with its server. */
export const GatewayTemplateSchema = ResourceTemplateInfoSchema.extend({ server: z.string() });
export type GatewayTemplate = z.infer<typeof GatewayTemplateSchema>;

/** Servers that listed the same URI: the first keeps it, the others are exposed as `exposed[i]`. */
export const GatewayUriCollisionSchema = z.object({
  uri: z.string(),
  /** Every server that listed `uri`, in order (server key). */
  servers: z.array(z.string()),
  /** The URI each of those servers' resource is exposed under (the first: `uri` itself). */
  exposed: z.array(z.string()),
});
export type GatewayUriCollision = z.infer<typeof GatewayUriCollisionSchema>;

/** A listed server whose list could not be read now (it is left out; the others are served). */
export const GatewayListFailureSchema = z.object({ server: z.string(), message: z.string() });

/** `gateway:resources`' answer. */
export const GatewayResourcesSchema = z.object({
  host: HostIdSchema,
  project: z.string(),
  server: z.string().optional(),
  resources: z.array(GatewayResourceSchema),
  templates: z.array(GatewayTemplateSchema),
  collisions: z.array(GatewayUriCollisionSchema),
  failures: z.array(GatewayListFailureSchema),
});
export type GatewayResources = z.infer<typeof GatewayResourcesSchema>;

/** A prompt as the gateway exposes it: `name` host-safe (`<server>_<prompt>`), `server` and `prompt` the raw names. */
export const GatewayPromptSchema = PromptInfoSchema.extend({ name: z.string(), server: z.string(), prompt: z.string() });
export type GatewayPrompt = z.infer<typeof GatewayPromptSchema>;

/** Prompts whose host-safe names were the same: the first keeps it, the others carry `_2`, `_3`… */
export const GatewayPromptCollisionSchema = z.object({ name: z.string(), prompts: z.array(z.object({ server: z.string(), prompt: z.string() })) });

/** `gateway:prompts`' answer. */
export const GatewayPromptsSchema = z.object({
  host: HostIdSchema,
  project: z.string(),
  server: z.string().optional(),
  prompts: z.array(GatewayPromptSchema),
  collisions: z.array(GatewayPromptCollisionSchema),
  failures: z.array(GatewayListFailureSchema),
});
export type GatewayPrompts = z.infer<typeof GatewayPromptsSchema>;
