/**
 * Requests to open the Trace view of all servers (docs/inspecting.md "Trace across servers"), from a
 * server's Trace tab, with the server filter set to that server. A module-level store: the app shell
 * needs no new wiring (the nav item listens and opens the view).
 */
import { useSyncExternalStore } from 'react';
import { watchedValue } from '../lib/watched-value.js';

/** The last request (`n` increases with each; `server` is the filter to start with, '' = all). */
export interface GlobalTraceRequest {
  n: number;
  server: string;
}

const current = watchedValue<GlobalTraceRequest>({ n: 0, server: '' });

/** Ask the app to show the Trace view filtered to `server` (all servers when absent). */
export function requestGlobalTrace(server = ''): void {
  current.set({ n: current.get().n + 1, server });
}

/** The last request (n 0: none yet). */
export function useGlobalTraceRequest(): GlobalTraceRequest {
  return useSyncExternalStore(current.subscribe, current.get);
}
