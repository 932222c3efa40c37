/** Waiting for Ctrl-C in commands that follow a live owner (`logs -f`, `channels -f`). */

/** Resolves on the first SIGINT/SIGTERM. */
export function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}
