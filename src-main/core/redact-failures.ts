/**
 * One guard for every face (SPEC §3: a token never reaches a log, a trace or what we show): each
 * handler's failure message passes through the redactor of known secret values. Failure messages
 * often quote server text (an HTTP body, stderr, an inspector error) that may echo a token we sent.
 */
import type { ApiHandlers } from '../../src-shared/api/contract.js';
import type { Result } from '../../src-shared/api/envelope.js';

/**
 * `handlers` with every failure's `error.message` passed through `redact`; ok results unchanged.
 * Pure wrapper: never throws more than the handler itself.
 */
export function redactFailures(handlers: ApiHandlers, redact: (text: string) => string): ApiHandlers {
  const out: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (input: unknown) => Promise<Result<unknown>>][]) {
    out[name] = async (input) => {
      const result = await handler(input);
      return result.ok ? result : { ok: false, error: { ...result.error, message: redact(result.error.message) } };
    };
  }
  return out as unknown as ApiHandlers;
}
