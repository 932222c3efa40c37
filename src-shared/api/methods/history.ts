/**
 * Call history methods and events (issue 14 item 12; docs/inspecting.md "Call history"): the calls
 * of each server, kept in the data folder across restarts (bounded, redacted), one past call's
 * result, and replaying a past call (asking again for any argument that was redacted or cut).
 */
import { z } from 'zod';
import { HostIdSchema } from '../../config/server.js';
import { CallRecordSchema } from '../inspector.js';
import { ToolCallResultSchema } from '../status.js';
import { ServerName } from './common.js';

const RecordId = z.string().min(1).max(100);

export const historyMethods = {
  /** Call history (one server, or all), oldest first; `host`: only calls through that host's gateway door (`via`). */
  'history:list': { input: z.object({ server: ServerName.optional(), host: HostIdSchema.optional() }).strict(), output: z.array(CallRecordSchema) },
  /** One past call with the start of its result text (redacted; at most 16 KiB). */
  'history:get': { input: z.object({ id: RecordId }).strict(), output: CallRecordSchema.extend({ resultText: z.string() }) },
  /**
   * Call a past call's tool again with its recorded arguments, `args` replacing some of them. Every
   * argument listed in the record's `redacted` or `cut` must be given in `args` (else BAD_REQUEST
   * naming them): a replay never sends a mask. The call is an ordinary `tools:call` (recorded too).
   */
  'history:replay': {
    input: z
      .object({
        id: RecordId,
        args: z.record(z.string(), z.unknown()).default({}),
        callId: z.string().max(100).optional(),
        previewChars: z.number().int().min(1024).max(1_000_000).optional(),
      })
      .strict(),
    output: ToolCallResultSchema,
  },
} as const;

export const historyEvents = {
  /** A call finished and was recorded. */
  'history:appended': CallRecordSchema,
} as const;
