/**
 * The result envelope that crosses every wire (ARCHITECTURE rule 4): results, not exceptions.
 */
import { z } from 'zod';

/** Stable error codes. The renderer and CLI branch on these, never on message text. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'NOT_FOUND',
  'NOT_CONNECTED',
  'DISABLED',
  'UNTRUSTED',
  'TIMEOUT',
  'CANCELLED',
  'AUTH_REQUIRED',
  'INVALID_CONFIG',
  'CONFLICT',
  'CONNECTION_FAILED',
  'PROTOCOL_ERROR',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** `{ok:true, data} | {ok:false, error:{code, message}}`. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** Build a success result. */
export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

/** Build a failure result. */
export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}

/** zod schema of the envelope around a given data schema (used by the wire bindings). */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ApiErrorSchema }),
  ]);
}
