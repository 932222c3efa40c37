/** `trust:review` / `trust:approve`: approval bound to the definition (issue 16 item 1, docs/trust.md). */
import { z } from 'zod';
import { PendingApprovalSchema } from '../approval.js';
import { ServersSnapshotSchema } from '../status.js';
import { Empty, ServerName } from './common.js';

export const ApproveInputSchema = z
  .object({
    /** Servers to approve as they are now; `all` approves every pending one. */
    servers: z.array(ServerName).max(1000).optional(),
    all: z.boolean().optional(),
    /**
     * The hashes the person was shown (`PendingApproval.hash`) by server: approving fails with
     * CONFLICT when the definition changed again since. Optional.
     */
    hashes: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export const trustMethods = {
  /** Project servers waiting for approval, each with what it would run and its diff against the approved one. */
  'trust:review': { input: Empty, output: z.object({ projectDir: z.string(), trusted: z.boolean(), pending: z.array(PendingApprovalSchema) }) },
  /** Approve definitions as they are now (trusting the folder when it is not yet); starts them. */
  'trust:approve': { input: ApproveInputSchema, output: ServersSnapshotSchema },
} as const;
