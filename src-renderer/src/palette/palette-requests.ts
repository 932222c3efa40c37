/**
 * What the palette asks a server page to do once it shows (a tab to open, a verb to run): a
 * module-level request like trace/trace-open.ts, so the app shell needs no new wiring. A request
 * is taken once (`take`), by the page of its server, when that page is shown — so it works whether
 * the page was already open or mounts with the pick.
 */
import { useSyncExternalStore } from 'react';
import type { PaletteTab, PaletteVerb } from './palette-items.js';

/** The last request; `taken` once a page acted on it. */
export interface ServerRequest {
  server: string;
  tab?: PaletteTab;
  verb?: PaletteVerb;
  taken: boolean;
}

let current: ServerRequest | undefined;
const listeners = new Set<() => void>();

/** Ask `server`'s page to open `tab` or run `verb` (replacing any request not yet taken). */
export function requestOnServer(server: string, request: { tab?: PaletteTab; verb?: PaletteVerb }): void {
  current = { server, ...request, taken: false };
  for (const listener of listeners) listener();
}

/**
 * The request not yet taken for `server` (the same object until a new request comes: use it as an
 * effect's dependency, then `takeRequest` it before acting).
 */
export function usePendingServerRequest(server: string): ServerRequest | undefined {
  const request = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return request && !request.taken && request.server === server ? request : undefined;
}

/** True the first time only (StrictMode runs effects twice): then the caller acts on it. */
export function takeRequest(request: ServerRequest): boolean {
  if (request.taken) return false;
  request.taken = true;
  return true;
}
