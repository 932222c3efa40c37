/**
 * Seeing a remote server die (issue 14 item 5; docs/connections-supervision.md): a Streamable HTTP
 * or SSE server whose process is gone may leave nothing open to fail — the 2026-07-28 era has no
 * listening stream, and the SDK retries a dropped 2025 stream quietly. A keep-alive probe every
 * `KEEPALIVE_INTERVAL_MS` (and at once when the transport reports an error) finds it down within
 * 5 s: a transport failure of the probe marks the server down like any failed request. The 2025 era
 * probes with `ping`; 2026-07-28 has no `ping`, so it asks the endpoint over plain HTTP (`httpAlive`).
 */

/** Interval (ms) of the keep-alive ping of a connected remote server. */
export const KEEPALIVE_INTERVAL_MS = 2_000;

/** Options of `startKeepAlive`. */
export interface KeepAliveOptions {
  /** Interval between pings (ms); default `KEEPALIVE_INTERVAL_MS`. */
  intervalMs?: number;
  /** Whether this connection is still the current one (else the keep-alive stops). */
  isCurrent: () => boolean;
  /** A ping failed (the caller decides whether the failure means "down"). */
  onFailure: (err: unknown) => void;
}

/** A running keep-alive: `probeNow` pings at once (e.g. after a transport error); `stop` ends it. */
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

/** Run `probe` every `intervalMs` while `isCurrent()`; one probe in flight at a time; the timer never keeps the process alive. */
export function startKeepAlive(probeOnce: () => Promise<unknown>, options: KeepAliveOptions): KeepAlive {
  let inFlight = false;
  let stopped = false;
  const probe = (): void => {
    if (stopped) return;
    if (!options.isCurrent()) return stop();
    if (inFlight) return;
    inFlight = true;
    probeOnce()
      .catch((err: unknown) => {
        if (!stopped && options.isCurrent()) options.onFailure(err);
      })
      .finally(() => {
        inFlight = false;
      });
  };
  const timer = setInterval(probe, options.intervalMs ?? KEEPALIVE_INTERVAL_MS);
  timer.unref();
  const stop = (): void => {
    stopped = true;
    clearInterval(timer);
  };
  return { probeNow: probe, stop };
}
