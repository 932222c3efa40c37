/**
 * The views the first paint does not show, loaded when first shown (issue 32 item 1: web cold start
 * to the first server row ≤ 1.5 s). Each is `React.lazy` over a dynamic import, so the build puts
 * it, and what only it uses (the form library, markdown, the JSON tree), in its own chunks: the
 * entry holds the shell — header, tool search, server list — and the list paints without waiting
 * for them. Each export takes the props of the view it stands for; while its chunk loads it shows
 * nothing (a view's own loading state follows as soon as it is there, a few ms on a local host). A
 * chunk whose fetch failed (Switchboard stopped meanwhile) is fetched again until it loads
 * (`retryingImport`, lazy-retry.ts), so the view appears once Switchboard is back.
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';
import { retryingImport } from './lazy-retry.js';
import { usePendingRequests } from './requests/use-pending-requests.js';

/** `View` (a `React.lazy` component) rendered inside its own Suspense boundary (fallback: nothing), so a view still loading never hides the shell. */
function deferred<P extends object>(View: LazyExoticComponent<ComponentType<P>>): ComponentType<P> {
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/** Whether the shell has painted once (then views render at once). */
let shellPainted = false;

/**
 * True from the task after the shell's first frame: a view mounted with the first rows renders after
 * they are painted, so fetching and running its chunks (the server page's are ~0.5 MB with the form
 * library and markdown) cannot delay that paint on a busy machine. Later mounts are not delayed.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(shellPainted);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        shellPainted = true;
        setPainted(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

const ServerDetailView = lazy(retryingImport(() => import('./servers/server-detail.js').then((m) => ({ default: m.ServerDetail }))));
const ServerDetailLazy = deferred<ComponentProps<typeof ServerDetailView>>(ServerDetailView);
/** The selected server's page (`servers/server-detail.tsx`): tools, calls, forms, results; rendered once the shell painted. */
export function ServerDetail(props: ComponentProps<typeof ServerDetailLazy>) {
  return usePainted() ? <ServerDetailLazy {...props} /> : null;
}
/** The Notifications view (`channels/notifications-view.tsx`). */
export const NotificationsView = deferred(lazy(retryingImport(() => import('./channels/notifications-view.js').then((m) => ({ default: m.NotificationsView })))));
/** The Agents view (`agents/agents-view.tsx`, issue 31 item 2). */
export const AgentsView = deferred(lazy(retryingImport(() => import('./agents/agents-view.js').then((m) => ({ default: m.AgentsView })))));
/** The Checks view (`checks/checks-view.tsx`). */
export const ChecksView = deferred(lazy(retryingImport(() => import('./checks/checks-view.js').then((m) => ({ default: m.ChecksView })))));
/** The context-budget view (`budget/budget-view.tsx`). */
export const BudgetView = deferred(lazy(retryingImport(() => import('./budget/budget-view.js').then((m) => ({ default: m.BudgetView })))));
/** The trace of every server (`trace/trace-global-view.tsx`). */
export const GlobalTraceView = deferred(lazy(retryingImport(() => import('./trace/trace-global-view.js').then((m) => ({ default: m.GlobalTraceView })))));
/** The gateway view (`gateway/gateway-view.tsx`). */
export const GatewayView = deferred(lazy(retryingImport(() => import('./gateway/gateway-view.js').then((m) => ({ default: m.GatewayView })))));
/** The Settings view (`settings/settings-view.tsx`, issue 38: identity providers). */
export const SettingsView = deferred(lazy(retryingImport(() => import('./settings/settings-view.js').then((m) => ({ default: m.SettingsView })))));

const ServerRequestDialogLazy = deferred(lazy(retryingImport(() => import('./requests/server-requests.js').then((m) => ({ default: m.ServerRequestDialog })))));
/**
 * What servers ask back (`requests/server-requests.tsx`): the pending requests are followed here,
 * and the dialog with its form library loads only once one waits.
 */
export function ServerRequestDialog() {
  return usePendingRequests().length > 0 ? <ServerRequestDialogLazy /> : null;
}
/** The Registry view (`registry/registry-view.tsx`, issue 36 items 2–3). */
export const RegistryView = deferred(lazy(retryingImport(() => import('./registry/registry-view.js').then((m) => ({ default: m.RegistryView })))));
