/**
 * Ctrl-C for a command that can stop one thing cleanly (issue 14 item 1): while `interruptible`
 * runs, the first SIGINT goes to its `onInterrupt` (e.g. cancel the running call) instead of the
 * one-shot core's dispose-and-exit (`withEphemeralCore`); a second SIGINT falls through to it.
 */

/** Handlers claiming the next SIGINT, newest last. */
const claims: (() => void)[] = [];

/** Whether a running command claims the next SIGINT (then `withEphemeralCore` leaves it alone). */
export function interruptClaimed(): boolean {
  return claims.length > 0;
}

/**
 * Run `fn`; the first SIGINT meanwhile calls `onInterrupt` once (and the claim ends, so the next
 * SIGINT stops the command the usual way). Resolves/rejects as `fn` does.
 */
export async function interruptible<T>(onInterrupt: () => void, fn: () => Promise<T>): Promise<T> {
  const claim = (): void => {
    release();
    onInterrupt();
  };
  const release = (): void => {
    const i = claims.indexOf(claim);
    if (i >= 0) claims.splice(i, 1);
    process.off('SIGINT', claim);
  };
  claims.push(claim);
  process.on('SIGINT', claim);
  try {
    return await fn();
  } finally {
    release();
  }
}
