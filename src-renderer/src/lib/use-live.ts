/**
 * Whether what the window shows is live (docs/faces-and-ownership.md "An open tab when the owner goes"):
 * the wire to the Switchboard is open. While it is not, what is shown is how things were when it was
 * lost — statuses are not claimed, uptimes stop. Outside the app's provider (a component rendered
 * alone) it is always live; IPC (the desktop app) is always open.
 */
import { useContext, useSyncExternalStore } from 'react';
import { AppContext } from '../store/use-store.js';

const never = (): (() => void) => () => undefined;

/** `true` while the connection to the Switchboard is open. */
export function useLive(): boolean {
  const app = useContext(AppContext);
  return useSyncExternalStore(app?.store.subscribe ?? never, () => (app ? app.store.getState().connection === 'open' : true));
}
