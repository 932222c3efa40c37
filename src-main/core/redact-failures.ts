/**
 * One guard for every face (docs/auth.md, issue 9 item 4: a token never reaches a log, a trace, an
 * error or what we show): every handler's result — a failure's message and an ok result's data —
 * passes through the one redaction rule with the secrets the core holds. Failure messages and
 * results often quote server text (an HTTP body, stderr, a tool result) that may echo a token we
 * sent; `--json`, IPC and the web host all carry exactly these results.
 */
import type { ApiHandlers } from '../../src-shared/api/contract.js';
import type { Result } from '../../src-shared/api/envelope.js';

/** What a redacting wrapper needs: the text rule and the value rule (both with the held secrets). */
export interface Redactor {
  redact(text: string): string;
  redactValue<T>(value: T): T;
}

/**
 * `handlers` with every failure's `error.message` through `redactor.redact` and every ok result's
 * `data` through `redactor.redactValue`. Never throws more than the handler itself.
 */
export function redactResults(handlers: ApiHandlers, redactor: Redactor): ApiHandlers {
  const out: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (input: unknown) => Promise<Result<unknown>>][]) {
    out[name] = async (input) => {
      const result = await handler(input);
      return result.ok ? { ok: true, data: redactor.redactValue(result.data) } : { ok: false, error: { ...result.error, message: redactor.redact(result.error.message) } };
    };
  }
  return out as unknown as ApiHandlers;
}
