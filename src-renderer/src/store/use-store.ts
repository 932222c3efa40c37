/**
 * React access to the one store: a context holding the store and the API, and a selector hook.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import type { StoreState, SwitchboardStore } from './switchboard-store.js';

/** What the app provides to every component. */
export interface AppContextValue {
  api: SwitchboardApi;
  store: SwitchboardStore;
}

export const AppContext = createContext<AppContextValue | null>(null);

/** The API and store; throws when used outside `<AppContext.Provider>` (a programming error). */
export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp() outside <AppContext.Provider>');
  return value;
}

/** Subscribe to a slice of the store state; re-renders when the selected value changes. */
export function useStore<T>(select: (state: StoreState) => T): T {
  const { store } = useApp();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

