/**
 * A value that can be read, replaced and watched: the shape `useSyncExternalStore` takes
 * (`subscribe`, `get`). Listeners are called synchronously, in the order they subscribed, after
 * every `set` (even to the same value).
 */
export interface WatchedValue<S> {
  get(): S;
  set(next: S): void;
  /** Call `listener` after every `set`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Create a watched value holding `initial`. */
export function watchedValue<S>(initial: S): WatchedValue<S> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
