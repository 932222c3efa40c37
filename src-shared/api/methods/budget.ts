/** `budget:*`: the context budget and per-tool on/off (issue 16 item 4, docs/context-budget.md). */
import { z } from 'zod';
import { BudgetHostIdSchema, BudgetSchema, ServerToggleOutcomeSchema, ToolToggleOutcomeSchema } from '../budget.js';
import { ServerName } from './common.js';

export const budgetMethods = {
  /** Token costs of every tool an agent of `host` sees (default `bridge`: Switchboard's own), with every host's totals. */
  'budget:get': { input: z.object({ host: BudgetHostIdSchema.optional() }).strict(), output: BudgetSchema },
  /**
   * Switch one tool on or off for `host`'s agent (default `bridge`: the definition Switchboard runs):
   * written to that host's own allow/deny list, or kept in Switchboard only where the file has none.
   */
  'budget:setTool': {
    input: z.object({ server: ServerName, tool: z.string().min(1).max(500), on: z.boolean(), host: BudgetHostIdSchema.optional() }).strict(),
    output: ToolToggleOutcomeSchema,
  },
  /** Every tool `server` lists on or off at once (the budget view's "All off" / "All on", issue 32); same targets and errors as `budget:setTool`. */
  'budget:setServer': {
    input: z.object({ server: ServerName, on: z.boolean(), host: BudgetHostIdSchema.optional() }).strict(),
    output: ServerToggleOutcomeSchema,
  },
} as const;
