/**
 * Requests to open the Trace view of all servers (docs/inspecting.md "Trace across servers"), from a
 * server's Trace tab, with the server filter set to that server. A module-level store: the app shell
 * needs no new wiring (the nav item listens and opens the view).
 */
import { useSyncExternalStore } from 'react';

/** The last request (`n` increases with each; `server` is the filter to start with, '' = all). */
export interface GlobalTraceRequest {
  n: number;
  server: string;
}

let current: GlobalTraceRequest = { n: 0, server: '' };
const listeners = new Set<() => void>();

/** Ask the app to show the Trace view filtered to `server` (all servers when absent). */
export function requestGlobalTrace(server = ''): void {
  current = { n: current.n + 1, server };
  for (const listener of listeners) listener();
}

/** The last request (n 0: none yet). */
export function useGlobalTraceRequest(): GlobalTraceRequest {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
