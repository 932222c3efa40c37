/**
 * Sign-in flows waiting for their redirect (docs/auth.md), keyed by the OAuth `state` (STYLE: Zed's
 * pending OAuth map). A state is good for one answer: an unknown, expired or replayed `state` is
 * rejected, so a forged or repeated callback cannot complete anybody's sign-in.
 */

/** What the authorization server sent back to the redirect URI. */
export interface OAuthCallbackParams {
  state: string;
  code?: string;
  /** RFC 9207 `iss`: the authorization server that answered (SDK v2 checks it against the metadata). */
  iss?: string;
  error?: string;
  errorDescription?: string;
}

/** How a callback was received: `accepted` completed a flow; anything else was rejected. */
export type CallbackOutcome = 'accepted' | 'unknown-state' | 'replayed-state';

/** The words docs/operator-verbs.md gives a sign-in that waited too long. */
export const FLOW_TIMEOUT_MESSAGE = 'OAuth flow timed out. Please try again.';

/** Default time a person has to finish signing in (ms). */
export const DEFAULT_FLOW_TIMEOUT_MS = 5 * 60_000;

/** A flow's end: the code, or a failure with docs/operator-verbs.md wording. */
export class OAuthFlowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

interface Waiter {
  resolve(code: string): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  onSettled?: () => void;
}

/** States answered or expired that are remembered to name a replay (bounded). */
const MAX_SPENT_STATES = 500;

/** The pending flows of one process. */
export class PendingFlows {
  /** `iss` per authorization code, until the code is exchanged (issuerOf). */
  private readonly issuers = new Map<string, string>();
  private readonly waiting = new Map<string, Waiter>();
  private readonly spent = new Set<string>();

  /**
   * Start waiting for `state`'s redirect. Resolves with the authorization code; rejects with
   * `OAuthFlowError`: `OAuth flow timed out. Please try again.` after `timeoutMs` (default 5 min),
   * `OAuth authentication failed: <error>[: <description>]` when the server sent an error, or
   * the `cancel` reason. `onSettled` runs once whichever way it ends. Throws for a state in use.
   */
  begin(state: string, options: { timeoutMs?: number; onSettled?: () => void } = {}): Promise<string> {
    if (this.waiting.has(state) || this.spent.has(state)) throw new Error('OAuth state already in use');
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(state, undefined, new OAuthFlowError(FLOW_TIMEOUT_MESSAGE)), options.timeoutMs ?? DEFAULT_FLOW_TIMEOUT_MS);
      timer.unref?.();
      this.waiting.set(state, { resolve, reject, timer, onSettled: options.onSettled });
    });
  }

  /** Whether a flow waits for `state`. */
  has(state: string): boolean {
    return this.waiting.has(state);
  }

  /** Number of flows waiting. */
  get size(): number {
    return this.waiting.size;
  }

  /**
   * Deliver a redirect. `accepted` when it completed a waiting flow (with its code or its error);
   * `replayed-state` for a state already answered or expired; `unknown-state` otherwise. Never throws.
   */
  complete(params: OAuthCallbackParams): CallbackOutcome {
    if (!this.waiting.has(params.state)) return this.spent.has(params.state) ? 'replayed-state' : 'unknown-state';
    if (params.code) {
      if (params.iss) {
        this.issuers.set(params.code, params.iss);
        if (this.issuers.size > MAX_SPENT_STATES) this.issuers.delete(this.issuers.keys().next().value!);
      }
      this.settle(params.state, params.code);
    } else {
      const detail = [params.error ?? 'no authorization code', params.errorDescription].filter(Boolean).join(': ');
      this.settle(params.state, undefined, new OAuthFlowError(`OAuth authentication failed: ${detail}`));
    }
    return 'accepted';
  }

  /** The `iss` that came back with `code` (RFC 9207), once; undefined when the server sent none. */
  issuerOf(code: string): string | undefined {
    const iss = this.issuers.get(code);
    this.issuers.delete(code);
    return iss;
  }

  /** Reject one flow (e.g. the person started a new sign-in). */
  cancel(state: string, reason = 'OAuth authentication failed: sign-in cancelled'): void {
    if (this.waiting.has(state)) this.settle(state, undefined, new OAuthFlowError(reason));
  }

  /** Reject every waiting flow (shutdown). */
  cancelAll(reason = 'OAuth authentication failed: Switchboard is shutting down'): void {
    for (const state of [...this.waiting.keys()]) this.cancel(state, reason);
  }

  private settle(state: string, code: string | undefined, error?: Error): void {
    const waiter = this.waiting.get(state);
    if (!waiter) return;
    this.waiting.delete(state);
    clearTimeout(waiter.timer);
    this.spent.add(state);
    if (this.spent.size > MAX_SPENT_STATES) this.spent.delete(this.spent.values().next().value!);
    try {
      waiter.onSettled?.();
    } finally {
      if (error) waiter.reject(error);
      else waiter.resolve(code!);
    }
  }
}
