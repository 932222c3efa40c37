/**
 * How deep a JSON value nests, checked without recursion (a 10 000-deep argument object must be
 * refused with a clear message, not overflow the stack in a JSON.stringify or a schema check).
 * Pure.
 */

/** Deepest nesting of tool/prompt arguments accepted (objects and arrays, the top object is 1). */
export const MAX_ARGUMENT_DEPTH = 100;

/**
 * Whether `value` nests objects/arrays deeper than `max` levels (a scalar is 0, `{}` is 1).
 * Iterative; stops at the first path deeper than `max`.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The message for arguments nested too deep (a BAD_REQUEST / usage error). */
export function tooDeepMessage(max = MAX_ARGUMENT_DEPTH): string {
  return `arguments nested deeper than ${max} levels`;
}
