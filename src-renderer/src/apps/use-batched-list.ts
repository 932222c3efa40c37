/**
 * A list that an app may flood (docs/mcp-apps.md § The bridge: 10,000 messages a second must not
 * freeze the window): `push` only buffers; the list is rendered at most every `everyMs` (default
 * 100 ms), keeping its last `max` items. `clear` empties both.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useBatchedList<T>(max: number, everyMs = 100): { items: T[]; push: (item: T) => void; clear: () => void } {
  const [items, setItems] = useState<T[]>([]);
  const buffer = useRef<T[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useCallback(() => {
    timer.current = undefined;
    const taken = buffer.current.slice(-max);
    buffer.current = [];
    setItems((l) => [...l, ...taken].slice(-max));
  }, [max]);
  const push = useCallback(
    (item: T) => {
      buffer.current.push(item);
      if (buffer.current.length > max * 2) buffer.current = buffer.current.slice(-max);
      timer.current ??= setTimeout(flush, everyMs);
    },
    [everyMs, flush, max],
  );
  const clear = useCallback(() => {
    buffer.current = [];
    setItems([]);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { items, push, clear };
}
