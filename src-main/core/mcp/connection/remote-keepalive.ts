/**
 * Seeing a server die or freeze (issue 14 item 5; docs/connections-supervision.md): a Streamable
 * HTTP or SSE server whose process is gone may leave nothing open to fail — the 2026-07-28 era has
 * no listening stream, and the SDK retries a dropped 2025 stream quietly — and a process stopped
 * with SIGSTOP (stdio or HTTP) keeps every socket and pipe open while answering nothing. A
 * keep-alive probe every `KEEPALIVE_INTERVAL_MS` (and at once when the transport reports an error)
 * finds either within about 5 s: a transport failure of the probe marks the server down like any
 * failed request, and a probe left unanswered for `KEEPALIVE_TIMEOUT_MS` — with nothing else heard
 * from the server meanwhile — fails with `NotRespondingError`. HTTP servers of the 2025 era and
 * stdio servers are probed with `ping` (any JSON-RPC answer, even an error, is an answer);
 * 2026-07-28 over HTTP asks the endpoint over plain HTTP (`httpAlive`).
 */

/** Interval (ms) of the keep-alive probe of a connected server. */
export const KEEPALIVE_INTERVAL_MS = 2_000;
/** How long (ms) a probe may go unanswered, with nothing else heard from the server, before it counts as not responding. */
export const KEEPALIVE_TIMEOUT_MS = 3_000;
/**
 * Our own watchdog firing this much later (ms) than asked means this process was starved (a loaded
 * machine), not that the server froze: the probe is given another `KEEPALIVE_TIMEOUT_MS`.
 */
const OWN_LAG_MS = 1_000;

/** A keep-alive probe got no answer (and nothing else came from the server) for `silentMs`. */
export class NotRespondingError extends Error {
  constructor(readonly silentMs: number) {
    super(`not responding to ping for ${Math.round(silentMs / 1000)} s (the process may be frozen or stopped)`);
    this.name = 'NotRespondingError';
  }
}

/** Options of `startKeepAlive`. */
export interface KeepAliveOptions {
  /** Interval between probes (ms); default `KEEPALIVE_INTERVAL_MS`. */
  intervalMs?: number;
  /** How long a probe may go unanswered (ms); default `KEEPALIVE_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Whether this connection is still the current one (else the keep-alive stops). */
  isCurrent: () => boolean;
  /**
   * When the server was last heard from other than by the probe (ms since the epoch; e.g. a stdio
   * stdout chunk): a probe stuck behind a large reply is not a frozen server.
   */
  lastHeardAt?: () => number | undefined;
  /**
   * A probe failed: its own rejection (the caller decides whether that means "down"), or a
   * `NotRespondingError` once it went unanswered for the timeout.
   */
  onFailure: (err: unknown) => void;
}

/** A running keep-alive: `probeNow` probes at once (e.g. after a transport error); `stop` ends it. */
export interface KeepAlive {
  probeNow(): void;
  stop(): void;
}

/**
 * Whether anything answers HTTP at `url`: a `HEAD` whose response (any status: 401, 405… are a live
 * server) resolves; a refused or cut connection rejects with fetch's `TypeError`, a silent one with
 * a timeout after `timeoutMs`.
 */
export async function httpAlive(url: string, timeoutMs: number): Promise<void> {
  const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
  await res.body?.cancel();
}

/**
 * Run `probeOnce` every `intervalMs` while `isCurrent()`; one probe in flight at a time; a probe
 * unanswered for `timeoutMs` (see `lastHeardAt`) reports a `NotRespondingError` once; the timers
 * never keep the process alive. `probeOnce` should carry its own, longer request timeout.
 */
export function startKeepAlive(probeOnce: () => Promise<unknown>, options: KeepAliveOptions): KeepAlive {
  const timeoutMs = options.timeoutMs ?? KEEPALIVE_TIMEOUT_MS;
  let inFlight = false;
  let stopped = false;
  let watchdog: NodeJS.Timeout | undefined;
  const live = (): boolean => !stopped && options.isCurrent();
  const fail = (err: unknown): void => {
    if (!live()) return;
    stop();
    options.onFailure(err);
  };
  /** Watch a probe sent at `sentAt`; `armedAt`: when this watch began. */
  const watch = (sentAt: number, armedAt: number, delayMs: number): void => {
    watchdog = setTimeout(() => {
      if (!inFlight || !live()) return;
      const now = Date.now();
      const ownLag = now - armedAt - delayMs;
      const heard = Math.max(sentAt, options.lastHeardAt?.() ?? 0);
      if (ownLag > OWN_LAG_MS) return watch(sentAt, now, timeoutMs);
      if (now - heard < timeoutMs) return watch(sentAt, now, timeoutMs - (now - heard));
      fail(new NotRespondingError(now - sentAt));
    }, delayMs);
    watchdog.unref();
  };
  const probe = (): void => {
    if (stopped) return;
    if (!options.isCurrent()) return stop();
    if (inFlight) return;
    inFlight = true;
    const sentAt = Date.now();
    watch(sentAt, sentAt, timeoutMs);
    probeOnce()
      .catch((err: unknown) => {
        if (live()) options.onFailure(err);
      })
      .finally(() => {
        inFlight = false;
        clearTimeout(watchdog);
      });
  };
  const timer = setInterval(probe, options.intervalMs ?? KEEPALIVE_INTERVAL_MS);
  timer.unref();
  const stop = (): void => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(watchdog);
  };
  return { probeNow: probe, stop };
}
