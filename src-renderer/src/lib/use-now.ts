/** A ticking clock for uptimes: epoch ms, refreshed every `intervalMs` (default 1000 ms). */
import { useEffect, useState } from 'react';

/** Current time in epoch ms, re-rendering the caller every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
