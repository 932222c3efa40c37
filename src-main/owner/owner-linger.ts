/**
 * How long a headless owner started for gateway doors stays after its last door (issue 30 item 5,
 * docs/gateway.md § The owner's lifetime): it exits `lingerMs` (default 60 s,
 * `GATEWAY_LINGER_MS`; `SWITCHBOARD_GATEWAY_LINGER_MS` overrides it, tests use a short one) after
 * the last gateway client leaves — and as long after it became ready when none ever attaches —
 * unless a page of the web UI (a browser client) is attached: then it stays while the page does.
 * CLI verbs that come and go neither keep it nor end it.
 */
import type { ClientCounts } from '../wires/web-host.js';

/** The default linger after the last gateway client leaves (ms). */
export const GATEWAY_LINGER_MS = 60_000;

/** The linger of this process: `SWITCHBOARD_GATEWAY_LINGER_MS` when it is a whole number ≥ 0, else `GATEWAY_LINGER_MS`. */
export function gatewayLingerMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SWITCHBOARD_GATEWAY_LINGER_MS;
  const n = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(n) ? n : GATEWAY_LINGER_MS;
}

/** A running linger: tell it the counts as they change; `stop()` clears its timer. */
export interface Linger {
  update(counts: ClientCounts): void;
  stop(): void;
}

/**
 * Start counting: `onIdle` is called once, `lingerMs` after the moment no gateway client and no
 * page is attached (the count starts at none, so the timer runs from the start until one attaches).
 */
export function startLinger(lingerMs: number, onIdle: () => void): Linger {
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const arm = (): void => {
    if (timer || done) return;
    timer = setTimeout(() => {
      done = true;
      onIdle();
    }, lingerMs);
  };
  const disarm = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  arm();
  return {
    update(counts) {
      if (counts.gateway > 0 || counts.page > 0) disarm();
      else arm();
    },
    stop() {
      done = true;
      disarm();
    },
  };
}
