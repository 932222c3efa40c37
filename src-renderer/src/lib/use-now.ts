/** A ticking clock for uptimes: epoch ms, refreshed every `intervalMs` (default 1000 ms). */
import { useEffect, useState } from 'react';
import { useLive } from './use-live.js';

/**
 * Current time in epoch ms, re-rendering the caller every `intervalMs`. It stops while the window is
 * not live (use-live.ts): an uptime of a server nobody is watching any more must not go on counting.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  const live = useLive();
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs, live]);
  return now;
}
