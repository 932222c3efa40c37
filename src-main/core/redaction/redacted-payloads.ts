/**
 * Event payloads already passed through the one redaction rule (docs/security.md) with the core's
 * held values as they are now, so `emit` need not copy them again (issue 13: at 1,000 notifications
 * a second the deep copy of every `channels:appended` batch was a tenth of the owner's CPU). A
 * payload is marked with the held-values object it was redacted with (`SecretRedactor.held()`,
 * replaced whenever a secret is added): when that changed since, `emit` redacts it as any other.
 */
const marked = new WeakMap<object, unknown>();

/** Record that `payload` was redacted with `held` (the core's held values at the time). */
export function markRedacted<T extends object>(payload: T, held: unknown): T {
  marked.set(payload, held);
  return payload;
}

/** Whether `payload` was marked as redacted with exactly `held`. */
export function redactedWith(payload: unknown, held: unknown): boolean {
  return typeof payload === 'object' && payload !== null && held !== undefined && marked.get(payload) === held;
}
