/**
 * Restart delays (docs/connections-supervision.md): exponential backoff from 500 ms, capped at 30 s, with jitter so many
 * servers that fell together do not all come back in the same instant. After `maxFailedStarts`
 * failed starts in a row a server stays in `error` until started by hand.
 */

/** How a connection restarts itself after a crash or a dropped stream. */
export interface RestartPolicy {
  /** First delay (ms). Default 500. */
  baseDelayMs: number;
  /** Largest delay (ms). Default 30 000. */
  maxDelayMs: number;
  /** Failed starts in a row after which the server stays in `error`. 0 = never restart by itself. Default 5. */
  maxFailedStarts: number;
  /** Fraction of each delay that is random (0..1): delay × (1 − jitter + jitter × random). Default 0.2. */
  jitter: number;
  /**
   * How long (ms) a connection must stay up before the failed-start count resets. A server that
   * initialises and crashes sooner counts as a failed start, so a crash loop just after
   * `initialize` backs off to the cap and gives up like one at startup. Default `STABLE_CONNECTION_MS`.
   */
  stableAfterMs?: number;
}

/** Default `stableAfterMs`: 10 s connected means the server really runs (docs/connections-supervision.md "failed starts in a row"). */
export const STABLE_CONNECTION_MS = 10_000;

/** docs/connections-supervision.md defaults: 500 ms → 30 s, 5 failed starts, 20 % jitter. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = { baseDelayMs: 500, maxDelayMs: 30_000, maxFailedStarts: 5, jitter: 0.2 };

/** No automatic restarts (one-shot CLI cores: nobody would see the retries). */
export const NO_RESTARTS: RestartPolicy = { ...DEFAULT_RESTART_POLICY, maxFailedStarts: 0 };

/**
 * Delay (ms) before restart number `attempt` (0 = the first restart): `baseDelayMs × 2^attempt`,
 * capped at `maxDelayMs`, then jittered downwards by up to `jitter` of itself. `random` is injectable
 * for tests (default `Math.random`). Never negative, never above `maxDelayMs`.
 */
export function backoffDelay(attempt: number, policy: RestartPolicy, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  return Math.max(0, Math.round(exp * (1 - jitter + jitter * random())));
}
