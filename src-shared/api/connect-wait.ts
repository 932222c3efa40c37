/**
 * A connect attempt in progress, as the status carries it (docs/connections-supervision.md "A
 * server that does not answer"): a remote server that accepts the connection and never answers
 * would otherwise show a bare `connecting` until the attempt gives up (up to its timeout). The
 * attempt's start, its deadline and the request it waits on travel with the status, and
 * `lastError`/`failure` say why it has not got through yet.
 */
import { z } from 'zod';
import { formatUptime } from '../format-uptime.js';

/** While `connecting`: the attempt in progress. Times are epoch ms. */
export const ConnectWaitSchema = z.object({
  /** When this attempt began. */
  startedAt: z.number(),
  /** When it gives up (its connect deadline). */
  givesUpAt: z.number(),
  /** The request sent and not yet answered (`initialize`, `server/discover`, `tools/list`), if any. */
  waitingFor: z.string().optional(),
  /**
   * True once the attempt has had no answer for a few seconds: `lastError` and `failure` (a
   * retryable `timeout`) then describe this attempt. False: they are the previous attempt's, if any
   * (an automatic retry keeps its reason until it learns better).
   */
  stalled: z.boolean(),
});
export type ConnectWait = z.infer<typeof ConnectWaitSchema>;

/**
 * How a face words the wait, so the CLI and the UI read the same: `for 12s; this attempt gives up
 * in 18s` once stalled, `previous attempt; trying again, gives up in 29s` for an automatic retry
 * that has not stalled yet. `now`: epoch ms.
 */
export function connectWaitText(wait: ConnectWait, now: number): string {
  const left = wait.givesUpAt - now;
  const givesUp = left > 0 ? `gives up in ${formatUptime(Math.ceil(left / 1_000) * 1_000)}` : 'giving up now';
  return wait.stalled ? `for ${formatUptime(now - wait.startedAt)}; this attempt ${givesUp}` : `previous attempt; trying again, ${givesUp}`;
}

/** `connectWaitText` in parentheses after a space, for beside `lastError`; '' without a wait. */
export function connectWaitNote(wait: ConnectWait | undefined, now: number): string {
  return wait ? ` (${connectWaitText(wait, now)})` : '';
}
