/**
 * One guard for every face (docs/security.md "Redaction"; issue 9 item 4, issue 26 item 2): every
 * handler's result passes through the one redaction rule, in the use that fits it. Failure messages
 * and ordinary data (status, lists, logs, trace, history) are *shown*: every secret as defined is
 * masked. A result *handed on* — what a tool, a resource, a prompt or a saved check returned — masks
 * only the values the configuration supplied (held values) and says how many (`redactions`), so an
 * agent never works on a path or an id we mangled. `--json`, IPC, the web host and the library all
 * carry exactly these results.
 */
import type { ApiHandlers } from '../../../src-shared/api/contract.js';
import type { Result } from '../../../src-shared/api/envelope.js';
import { REUSED_RESULTS, reusedRedaction } from './reused-results.js';

/** What a redacting wrapper needs: the text rule and the value rule (both with the held secrets), and the held-only mask. */
export interface Redactor {
  redact(text: string): string;
  redactValue<T>(value: T): T;
  /** `value` with only held values masked, and how many were (`maskHeld` in src-shared/redaction.ts). */
  maskHeld<T>(value: T): { value: T; redactions: number };
  /** The held secrets as compiled now (a new object after each new secret); without it nothing is reused (reused-results.ts). */
  held?(): unknown;
}

/**
 * The handlers whose ok data is a result handed on (issue 26 item 2): each result object gets
 * `redactions: n` when n > 0. Every other handler's data is shown, and redacted by the whole rule.
 */
export const HANDED_ON_RESULTS: ReadonlySet<string> = new Set(['tools:call', 'gateway:call', 'tools:fullText', 'resources:read', 'prompts:get', 'gateway:read', 'gateway:getPrompt', 'history:replay', 'checks:run', 'apps:resource', 'apps:call-tool', 'apps:read-resource']);

/** Handlers whose data are task records (`tasks:call`, `tasks:list`, `tasks:cancel`): each record is shown, its `result` handed on. */
export const TASK_RECORD_RESULTS: ReadonlySet<string> = new Set(['tasks:call', 'tasks:list', 'tasks:cancel']);

/** Task records (one or a list): the record by the whole rule, its tool `result` by `handOn` (`call --task` prints it). */
function taskRecords(data: unknown, redactor: Redactor): unknown {
  const one = (record: unknown): unknown => {
    if (record === null || typeof record !== 'object' || !('result' in record)) return redactor.redactValue(record);
    const { result, ...rest } = record as { result: unknown };
    return { ...redactor.redactValue(rest), result: handOn(result, redactor) };
  };
  return Array.isArray(data) ? data.map(one) : one(data);
}

/** A result handed on: held values masked, counted on the result when any were. */
export function handOn<T>(data: T, redactor: Redactor): T {
  const { value, redactions } = redactor.maskHeld(data);
  if (redactions === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...value, redactions: ((value as { redactions?: number }).redactions ?? 0) + redactions };
}

/**
 * `handlers` with every failure's `error.message` through `redactor.redact`, every ok result's
 * `data` through `redactor.redactValue` — or, for `HANDED_ON_RESULTS`, through `handOn` (and a task
 * record's `result` too, `TASK_RECORD_RESULTS`). Never
 * throws more than the handler itself.
 */
export function redactResults(handlers: ApiHandlers, redactor: Redactor): ApiHandlers {
  const out: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (input: unknown) => Promise<Result<unknown>>][]) {
    const data =
      HANDED_ON_RESULTS.has(name) ? (v: unknown) => handOn(v, redactor)
      : TASK_RECORD_RESULTS.has(name) ? (v: unknown) => taskRecords(v, redactor)
      : REUSED_RESULTS.has(name) && redactor.held ? reusedRedaction((v) => redactor.redactValue(v), () => redactor.held?.())
      : (v: unknown) => redactor.redactValue(v);
    out[name] = async (input) => {
      const result = await handler(input);
      return result.ok ? { ok: true, data: data(result.data) } : { ok: false, error: { ...result.error, message: redactor.redact(result.error.message) } };
    };
  }
  return out as unknown as ApiHandlers;
}
