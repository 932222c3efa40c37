/**
 * A traced message as text (docs/inspecting.md): redacted by the one rule (`src-shared/redaction.ts`)
 * and cut to `MAX_TRACE_TEXT` characters — at once, or when its entry is first read (issue 32 item 1).
 */
import { redactedJson, redactValue, secretValues, type SecretValues } from '../../../../src-shared/redaction.js';
import { sliceCopy } from './string-copy.js';

/** Longest stored message text (characters). */
export const MAX_TRACE_TEXT = 4 * 1024;

/**
 * A deep copy of `value` without secrets, by the one rule (`src-shared/redaction.ts`): values under
 * secret keys, and every occurrence of a known secret string (the server's resolved env/header
 * values), at any depth.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return redactValue(value, secretValues(secrets));
}

/**
 * A message as trace text: redacted JSON, in one pass (`redactedJson`; the hot path of every call).
 * A value JSON cannot hold (a cycle) goes the long way, which marks it; one nested too deeply for
 * JSON says so instead.
 */
export function traceText(message: unknown, held: SecretValues): string {
  try {
    return redactedJson(message, held);
  } catch {
    try {
      return JSON.stringify(redactValue(message, held));
    } catch {
      return '"[message nested too deeply to show]"';
    }
  }
}

/** Both sets of held values, one after the other. */
export function bothHeld(a: SecretValues, b: SecretValues | undefined): SecretValues {
  return b ? { scrub: (text) => b.scrub(a.scrub(text)) } : a;
}

/** `text` cut to `MAX_TRACE_TEXT` characters, saying how many more there were. */
export function cutText(text: string): () => string {
  const cut = text.length > MAX_TRACE_TEXT ? `${sliceCopy(text, 0, MAX_TRACE_TEXT)} …[${text.length - MAX_TRACE_TEXT} more characters]` : text;
  return () => cut;
}

/**
 * The trace text of `message`, made when its entry is first read (issue 32 item 1: the redaction
 * off the call's path): redacted and cut then, with the held values `held()` gives then — the
 * core's only grow (secret-redactor.ts), so a later read masks at least what an immediate one
 * would. A message of `LAZY_TRACE_MAX` or more is redacted at once. A small one is kept itself, no copy: an outbound one is built per request (the
 * SDK's envelope, request-meta.ts), an inbound one is parsed per line or event and the SDK hands
 * its callers a decoded copy, so nothing changes it after it passed the tap.
 */
export function lazyTraceText(message: unknown, held: () => SecretValues): () => string {
  // A large message is redacted and cut now: the ring keeps cut texts, never whole large messages
  // (issue 9 item 6: 8 MB results kept alive by the trace).
  if (!smallerThan(message, LAZY_TRACE_MAX)) return cutText(traceText(message, held()));
  return () => cutText(traceText(message, held()))();
}

/** Largest message (characters of its strings and keys, 8 per other value) whose redaction waits for a read. */
export const LAZY_TRACE_MAX = 4 * MAX_TRACE_TEXT;

/** Whether `value`'s strings, keys and other values add up to fewer than `limit` (8 per non-string); stops as soon as they do not. */
function smallerThan(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let size = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length;
    else {
      size += 8;
      if (v !== null && typeof v === 'object') {
        if (Array.isArray(v)) for (const item of v) stack.push(item);
        else
          for (const key in v) {
            size += key.length;
            stack.push((v as Record<string, unknown>)[key]);
          }
      }
    }
    if (size >= limit) return false;
  }
  return true;
}

