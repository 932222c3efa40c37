/**
 * Waiting for the sandbox proxy page's `ui/notifications/sandbox-proxy-ready` (docs/mcp-apps.md
 * § The bridge, step 4; ext-apps spec 2026-01-26 § "Sandbox proxy"): only from the sandbox's exact
 * origin AND the frame's own window. Bounded: a proxy that never posts (a page the sandbox's
 * `frame-ancestors` does not name, a sandbox that is gone) rejects
 * after `timeoutMs` with words the panel shows, and an abort (a new start, the panel unmounted)
 * rejects at once; either way the listener is removed.
 */
export const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
/** How long the proxy has to say it is ready (ms): 10 s. */
export const PROXY_READY_TIMEOUT_MS = 10_000;

/** The rejection of an aborted wait (the panel shows nothing for it: a new start or unmount). */
export class AppStartAborted extends Error {
  constructor() {
    super('The app was stopped before it started.');
    this.name = 'AppStartAborted';
  }
}

export interface ProxyReadyOptions {
  /** Where `message` events arrive: the host's `window`. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** The outer frame: its `contentWindow` must be the message's source. */
  frame: { readonly contentWindow: Window | null };
  /** The sandbox's exact origin. */
  origin: string;
  signal?: AbortSignal;
  /** Default {@link PROXY_READY_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** Resolves with the frame's window and the ready message's data; rejects on timeout (an Error with the panel's words) or abort (`AppStartAborted`). */
export function waitForProxyReady(o: ProxyReadyOptions): Promise<{ target: Window; data: { method: string } }> {
  const timeoutMs = o.timeoutMs ?? PROXY_READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const done = (): void => {
      o.events.removeEventListener('message', onMessage);
      o.signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
    };
    const onMessage = (ev: Event): void => {
      const e = ev as MessageEvent;
      const data = e.data as { method?: unknown } | null;
      const target = o.frame.contentWindow;
      if (e.origin !== o.origin || !target || e.source !== target || data?.method !== PROXY_READY) return;
      done();
      resolve({ target, data: data as { method: string } });
    };
    const onAbort = (): void => {
      done();
      reject(new AppStartAborted());
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new Error(
          `The sandbox did not answer (no ${PROXY_READY} from ${o.origin} within ${timeoutMs / 1000} s). It answers only the Switchboard page it was started for (this window or the page switchboard serve printed); if Switchboard restarted, reload this page.`,
        ),
      );
    }, timeoutMs);
    if (o.signal?.aborted) return onAbort();
    o.events.addEventListener('message', onMessage);
    o.signal?.addEventListener('abort', onAbort);
  });
}
