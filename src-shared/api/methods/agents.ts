/** `agents:*`: what each host's agent does through the gateway, live (issue 31 item 2, docs/gateway.md § Agents). */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { AgentActivityEventSchema, AgentsRecentSchema } from '../agents.js';

export const agentsMethods = {
  /**
   * Requests in flight and the recent ones per host (`host`: only that one), newest first, at most
   * `limit` recent per host (default and most: 100, the number the core keeps per host). Kept in
   * memory only, since the owner started.
   */
  'agents:recent': {
    input: z.object({ host: HostIdSchema.optional(), limit: z.number().int().min(0).max(100).optional() }).strict(),
    output: AgentsRecentSchema,
  },
} as const;

export const agentsEvents = {
  /** An agent's request through the gateway started, reported progress, or finished. */
  'agents:activity': AgentActivityEventSchema,
} as const;
