/**
 * The redacted copy of a result a handler hands out again (docs/gateway.md § Speed): every ok result
 * crosses the wire only after the whole redaction rule (redact-failures.ts), a walk over every string
 * — for `gateway:list` of 1,000 tools, milliseconds per list. `gateway:list` hands out the very same
 * list object again only while nothing it was built from changed (core/gateway/gateway-build-cache.ts),
 * so its redacted copy is reused for that object while the held secrets are the same (a new secret
 * recompiles them: a new identity). The copy is frozen, so no caller can change what the next gets.
 */

/** Handlers whose data object is handed out again only while it is unchanged. */
export const REUSED_RESULTS: ReadonlySet<string> = new Set(['gateway:list']);

/** Freeze `value` and everything in it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * `redact`, remembered per data object and `held()` identity: the same object with the same held
 * secrets gets the same (frozen) redacted copy. Values that are not objects are redacted each time.
 */
export function reusedRedaction(redact: (v: unknown) => unknown, held: () => unknown): (v: unknown) => unknown {
  const memo = new WeakMap<object, { held: unknown; out: unknown }>();
  return (v) => {
    if (v === null || typeof v !== 'object') return redact(v);
    const now = held();
    const hit = memo.get(v);
    if (hit && hit.held === now) return hit.out;
    const out = deepFreeze(redact(v));
    memo.set(v, { held: now, out });
    return out;
  };
}
