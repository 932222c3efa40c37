/**
 * Printing failures the same way in every command: the message on stderr (or an error object as
 * JSON on stdout with `--json`), and the exit code for its error code.
 */
import type { ApiError } from '../../../src-shared/api/envelope.js';
import { EXIT } from './args.js';
import type { CliContext } from './context.js';

/** Exit code for a failure result: `BAD_REQUEST` → 64 (usage), everything else → 2. */
export function exitCodeFor(error: ApiError): number {
  return error.code === 'BAD_REQUEST' ? EXIT.USAGE : EXIT.FAILURE;
}

/** Print a failure (stderr text, or `{"error":{code,message}}` on stdout with --json); return its exit code. */
export function printFailure(ctx: CliContext, error: ApiError): number {
  if (ctx.cli.json) ctx.io.out(JSON.stringify({ error }, null, 2));
  else ctx.io.err(error.message);
  return exitCodeFor(error);
}
