/** `tools:*` methods: the tool catalog and tool calls (docs/tool-bridge.md). */
import { z } from 'zod';
import { ToolCallResultSchema, ToolInfoSchema } from '../status.js';
import { ServerName } from './common.js';

export const toolMethods = {
  /**
   * Tools under agent-visible names; all servers, or one when `server` is given. `offForAgents`
   * (the window, issue 32): tools off for agents listed too, each marked `offForAgents`.
   */
  'tools:list': { input: z.object({ server: ServerName.optional(), offForAgents: z.boolean().optional() }).strict(), output: z.array(ToolInfoSchema) },
  /** Call a tool by raw server and tool name. `args` is the JSON object of arguments. */
  'tools:call': {
    input: z
      .object({
        server: ServerName,
        tool: z.string().min(1),
        args: z.record(z.string(), z.unknown()).default({}),
        callId: z.string().max(100).optional(),
        /** Check required parameters first (default true); false sends the arguments as they are. */
        validate: z.boolean().optional(),
        /** Cut texts longer than this to this many characters (a face that renders previews; see `truncated`). */
        previewChars: z.number().int().min(1024).max(1_000_000).optional(),
        /** A person's call (the window, issue 32): a tool only off for agents may be called; a pin in block mode still refuses. */
        person: z.boolean().optional(),
      })
      .strict(),
    output: ToolCallResultSchema,
  },
} as const;

export const toolEvents = {
  /** A server's tool list changed (or every server's when `server` is absent). */
  'tools:changed': z.object({ server: z.string().optional() }),
} as const;
