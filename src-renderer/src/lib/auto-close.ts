/**
 * Toasts close on their own; errors stay until dismissed (issue 15 item 8).
 */
import { useEffect, useRef } from 'react';

/** How long a success or info toast stays, in ms. */
export const TOAST_MS = 8000;

/** The delay before a toast closes itself: `undefined` (never) for an error. */
export function autoCloseDelay(isError: boolean, ms = TOAST_MS): number | undefined {
  return isError ? undefined : ms;
}

/**
 * Close `message` after `TOAST_MS` unless it is an error; a new message restarts the delay.
 * `close` may change on every render (the latest is called).
 */
export function useAutoClose(message: unknown, isError: boolean, close: () => void, ms = TOAST_MS): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    const delay = message === undefined ? undefined : autoCloseDelay(isError, ms);
    if (delay === undefined) return;
    const timer = setTimeout(() => closeRef.current(), delay);
    return () => clearTimeout(timer);
  }, [message, isError, ms]);
}
