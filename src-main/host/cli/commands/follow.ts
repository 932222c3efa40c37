/** Waiting for Ctrl-C in commands that follow a live owner (`logs -f`, `channels -f`). */
import { EXIT } from '../args.js';

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

/**
 * Follow until Ctrl-C or SIGTERM (exit 0), or until the owner's connection closes: then say so on
 * stderr and exit 2 (`EXIT.FAILURE`) — a follower that ended silently with 0 looked like a clean
 * finish while nothing more could arrive (trial finding). `verb` is the command as typed (`channels -f`).
 */
export async function followUntilEnd(io: { err(text: string): void }, closed: Promise<void>, verb: string): Promise<number> {
  const end = await Promise.race([interrupted().then(() => 'interrupted' as const), closed.then(() => 'closed' as const)]);
  if (end === 'interrupted') return EXIT.OK;
  io.err(`switchboard: the running Switchboard stopped, so "${verb}" ends here; start it again and run "${verb}" again.`);
  return EXIT.FAILURE;
}
