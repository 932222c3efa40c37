/**
 * A view's dynamic import, tried again until it loads (lazy-views.tsx). Web mode serves the chunks
 * from Switchboard itself: stopped or killed while the page fetched one (the page then reconnects by
 * itself, docs/faces-and-ownership.md), the view's `import()` failed once and React.lazy kept that failure, so the
 * page stayed blank after Switchboard came back (ci29, owner-restart.spec.ts). Chromium fetches a
 * module whose fetch failed again on the next `import()` (checked on Chromium 156), so trying again
 * is enough; a failure is never cached here.
 */

/** Waits between tries (ms); the last one repeats: a view loads within ~5 s of Switchboard's return. */
export const RETRY_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 5000];

/**
 * `load` wrapped so its promise settles only with a result: each rejection waits the next of
 * `delaysMs` (the last repeating) and calls `load` again. `onRetry` hears each failure (for tests
 * and logs). Never rejects.
 */
export function retryingImport<T>(load: () => Promise<T>, delaysMs: readonly number[] = RETRY_DELAYS_MS, onRetry?: (err: unknown, attempt: number) => void): () => Promise<T> {
  return async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await load();
      } catch (err) {
        onRetry?.(err, attempt);
        const wait = delaysMs[Math.min(attempt - 1, delaysMs.length - 1)] ?? 1000;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}
