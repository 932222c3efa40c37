/**
 * A bounded wait (issue 30 item 5: one backend that hangs never blocks the others): resolves when
 * `settled` resolves or after `ms` milliseconds, whichever is first — at once when `ms` ≤ 0. Never
 * rejects (a rejected `settled` counts as settled). The timer does not keep a Node process up. Pure.
 */
export function settledOrAfter(settled: Promise<unknown>, ms: number): Promise<void> {
  if (!(ms > 0)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    settled.then(done, done);
  });
}
