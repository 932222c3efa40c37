/**
 * The welcome (issue 37 item 5, docs/accessibility.md § First run): on the first start of a data
 * folder (`firstRun:get` answers `firstRun: true`) the main area opens with what discovery found —
 * "6 servers in 4 hosts · 2 need trust · 1 needs a sign-in", counted by the core — a way to the
 * trust prompt and to the first server waiting for a sign-in, and one button that adds the bundled
 * reference server (`servers:addDefault`, the empty state's path) to try a call. Showing it marks it
 * seen (`firstRun:seen`), so a reload or a restart does not show it again; "Show the welcome again"
 * (the palette, the header's button: `showWelcome()`) shows it with fresh counts. Not a dialog: it
 * never takes focus from the page or covers it.
 */
import { ActionIcon, Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { watchedValue } from '../lib/watched-value.js';
import type { FirstRunFound } from '../../../src-shared/api/methods/first-run.js';
import { plural } from '../lib/format.js';
import { useApp, useStore } from '../store/use-store.js';

/** The sidebar's selected row (a server or a view). */
const NAV_SELECTED = '.mantine-AppShell-navbar [aria-current="true"]';

/** Who wants to hear "show the welcome again". */
const askers = new Set<() => void>();
/** Show the welcome again (with counts read anew). */
export function showWelcome(): void {
  for (const ask of askers) ask();
}

/** Whether the welcome is on screen (the trust prompt folds under it: `useWelcomeShown`). */
const welcomeOnScreen = watchedValue(false);
/** Whether the welcome is showing now (it summarises what needs trust, so the full prompt can wait folded). */
export function useWelcomeShown(): boolean {
  return useSyncExternalStore(welcomeOnScreen.subscribe, welcomeOnScreen.get);
}

/** Who unfolds the trust prompt when the welcome's "Go to the trust prompt" is pressed. */
const trustOpeners = new Set<() => void>();
/** Register `open` (the trust banner's unfold); returns the unregister. */
export function onOpenTrustPrompt(open: () => void): () => void {
  trustOpeners.add(open);
  return () => trustOpeners.delete(open);
}

/** "6 servers in 4 hosts · 2 need trust · 1 needs a sign-in" (the last two only when not 0). */
export function foundText(found: FirstRunFound): string {
  const parts = [`${plural(found.servers, 'server')} in ${plural(found.hosts, 'host')}`];
  if (found.needTrust > 0) parts.push(`${found.needTrust} ${found.needTrust === 1 ? 'needs' : 'need'} trust`);
  if (found.needSignIn > 0) parts.push(`${found.needSignIn} ${found.needSignIn === 1 ? 'needs' : 'need'} a sign-in`);
  return parts.join(' · ');
}

/**
 * Focus the first element matching the first of `selectors` in the page (the trust prompt, the sign-in
 * panel), trying for up to `frames` animation frames (a lazily loaded view renders it a moment later).
 */
function focusIn(selectors: string[], frames = 120): void {
  for (const s of selectors) {
    const el = document.querySelector<HTMLElement>(s);
    if (el) {
      el.scrollIntoView({ block: 'nearest' });
      el.focus();
      return;
    }
  }
  if (frames > 0) requestAnimationFrame(() => focusIn(selectors, frames - 1));
}

/** The panel; `onServer` selects a server the way the sidebar does. */
export function FirstRunPanel({ onServer }: { onServer(name: string): void }) {
  const { api, store } = useApp();
  const [found, setFound] = useState<FirstRunFound>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const signInServer = useStore((s) => s.snapshot?.servers.find((x) => x.status === 'needs-auth')?.server.name);

  useEffect(() => {
    let live = true;
    const read = (always: boolean): void => {
      void api.call('firstRun:get', {}).then((r) => {
        if (!live || !r.ok || (!always && !r.data.firstRun)) return;
        setFound(r.data.found);
        if (r.data.firstRun) void api.call('firstRun:seen', {});
      });
    };
    read(false);
    const ask = (): void => read(true);
    askers.add(ask);
    return () => {
      live = false;
      askers.delete(ask);
    };
  }, [api]);
  // While shown, the counts follow the list (a server found waiting for a sign-in a moment later).
  const shown = found !== undefined;
  useEffect(() => {
    welcomeOnScreen.set(shown);
    return () => welcomeOnScreen.set(false);
  }, [shown]);
  useEffect(() => {
    if (!shown) return;
    return api.on('servers:changed', () => {
      void api.call('firstRun:get', {}).then((r) => {
        if (r.ok) setFound((cur) => (cur ? r.data.found : cur));
      });
    });
  }, [api, shown]);

  if (!found) return null;
  // Closing unmounts the section (and the focused × with it): focus goes to the selected row of the sidebar, never <body>.
  const close = (): void => {
    setFound(undefined);
    focusIn([NAV_SELECTED, 'nav[aria-label="Servers"] button', 'header button']);
  };
  const tryDemo = async (): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const r = await api.call('servers:addDefault', {});
    setBusy(false);
    if (!r.ok) {
      setError(`Could not add the demo server: ${r.error.message}`);
      return;
    }
    // The demo server the answer names (added, or one already defined), selected to try a call.
    store.applySnapshot(r.data);
    void store.refreshTools();
    onServer(r.data.demoServer);
    // Focus goes to its first tool once listed (the server starts in a few seconds), never left on
    // <body> after the button was disabled (trial finding: a keyboard user started over from the top).
    // Its own list (data-server): the one on screen now may still be the previous server's, which
    // unmounts when the selection renders and would drop focus to <body>.
    focusIn([`nav[aria-label="Tools"][data-server="${CSS.escape(r.data.demoServer)}"] button`], 900);
  };

  return (
    <section aria-label="Welcome" className="first-run">
      <Alert variant="light" color="blue" title="Welcome to MCP Switchboard" withCloseButton closeButtonLabel="Close the welcome" onClose={close}>
        <Text size="sm">Found {foundText(found)}.</Text>
        <Group gap="xs" mt="xs">
          {found.needTrust > 0 ? (
            <Button
              size="compact-sm"
              variant="light"
              color="grape"
              onClick={() => {
                // The prompt waits folded under the welcome: unfold it, then focus its first button (Trust this folder).
                for (const open of trustOpeners) open();
                focusIn(['section[aria-label="Workspace trust"] .trust-banner .mantine-Button-root', 'section[aria-label="Definitions to approve"] .mantine-Button-root']);
              }}
            >
              Go to the trust prompt
            </Button>
          ) : null}
          {signInServer ? (
            <Button
              size="compact-sm"
              variant="light"
              color="yellow"
              onClick={() => {
                onServer(signInServer);
                focusIn(['section[aria-label="Sign-in"] [data-sign-in]']);
              }}
            >
              Sign in to {signInServer}
            </Button>
          ) : null}
          <Button size="compact-sm" onClick={() => void tryDemo()} loading={busy}>
            Add the demo server and try a call
          </Button>
        </Group>
        {error ? (
          <Text size="sm" c="red" role="alert" mt="xs">
            {error}
          </Text>
        ) : null}
      </Alert>
    </section>
  );
}

/** The header's "Show the welcome again" (the app's settings sit in the header: theme, this). */
export function WelcomeAgainButton() {
  return (
    <ActionIcon variant="subtle" size="md" aria-label="Show the welcome again" title="Show the welcome again" onClick={showWelcome}>
      ?
    </ActionIcon>
  );
}
