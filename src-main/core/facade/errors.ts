/**
 * The small set of typed errors core throws, mapped once to `{code, message}` at the wire
 * (STYLE: errors). Anything else that escapes becomes `INTERNAL`.
 */
import { fail, type ErrorCode, type Result } from '../../../src-shared/api/envelope.js';

/** An error with a stable wire code. */
export class CoreError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

/** Map a thrown value to a failure result (CoreError keeps its code; others are INTERNAL). */
export function toFailure<T = never>(err: unknown): Result<T> {
  if (err instanceof CoreError) return fail(err.code, err.message);
  return fail('INTERNAL', err instanceof Error ? err.message : String(err));
}
