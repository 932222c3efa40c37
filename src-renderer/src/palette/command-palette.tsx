/**
 * The command palette (issue 37 item 3): Ctrl+K (Cmd+K on macOS) from anywhere, even from a text
 * field, opens it; typing filters every view, server, server tab, server verb, sign-in, tool and
 * gateway host (palette-items.ts), recent picks first, then by fuzzy score (palette-rank.ts); the
 * arrow keys move through the results, Enter picks, Escape closes (@mantine/spotlight). A pick does
 * what the matching click does: the app's own navigation callbacks, a server page's own tab and
 * verb buttons (palette-requests.ts) — no rule of its own. Focus then lands on what was picked (a
 * tool's first field, the server's tab or nav row) and never stays on <body> (settle-focus.ts).
 */
import { ActionIcon, Kbd, Text } from '@mantine/core';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HostId } from '../../../src-shared/config/server.js';
import { useStore } from '../store/use-store.js';
import { paletteItems, type PaletteItem, type PaletteTarget, type PaletteView } from './palette-items.js';
import { rankEntries } from './palette-rank.js';
import { loadRecent, rememberPick } from './recent-picks.js';
import { requestOnServer } from './palette-requests.js';
import { settleFocus } from './settle-focus.js';
import { showWelcome } from '../config/first-run-panel.js';

/** The shortcut's modifier as this platform names it. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
/** The shortcuts the palette lists in its footer. */
export const SHORTCUTS: [string, string][] = [
  [`${MOD}+K`, 'open this palette'],
  ['↑ ↓', 'move through the results'],
  ['Enter', 'go to the result'],
  ['Esc', 'close'],
];
/** The palette's own store (open state, query, highlighted row) and its open/close. */
const [paletteStore, palette] = createSpotlight();
const RESULTS_ID = 'command-palette-results';
const NAV_CURRENT = 'nav [aria-current="true"], .mantine-AppShell-navbar [aria-current="true"]';

/** How the app navigates (its own callbacks, the ones its buttons use). */
export interface CommandPaletteProps {
  onView(view: PaletteView): void;
  onServer(server: string): void;
  onTool(server: string, tool: string): void;
  onGateway(host: HostId): void;
}

/** Where focus should land after `target` was picked (selectors, first present wins). */
function focusTargets(target: PaletteTarget): string[] {
  switch (target.kind) {
    case 'tab':
      // The picked tab itself (Mantine's tab ids end in `-tab-<value>`): the selected one may still be the old tab for a frame.
      return [`.server-detail [role="tab"][id$="-tab-${target.tab}"]`, '.server-detail [role="tab"][aria-selected="true"]', NAV_CURRENT];
    case 'tool':
      // The pane focuses its first field itself (pane-focus.ts); the tool's row if it has not yet.
      return ['nav[aria-label="Tools"] [aria-current="true"]', NAV_CURRENT];
    case 'sign-in':
      return ['section[aria-label="Sign-in"] [data-sign-in]', 'section[aria-label="Sign-in"] button', NAV_CURRENT];
    case 'gateway':
      return [`#gateway-host-${CSS.escape(target.host)} button`, NAV_CURRENT];
    case 'welcome':
      return ['section[aria-label="Welcome"] button', NAV_CURRENT];
    default:
      return [NAV_CURRENT];
  }
}

/** The palette; mount once in the app shell. */
export function CommandPalette({ onView, onServer, onTool, onGateway }: CommandPaletteProps) {
  const servers = useStore((s) => s.snapshot?.servers);
  const tools = useStore((s) => s.tools);
  const items = useMemo(() => paletteItems(servers ?? [], tools), [servers, tools]);
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const before = useRef<Element | null>(null);
  const picked = useRef(false);
  const shown = useMemo(() => rankEntries(items, query, recent), [items, query, recent]);
  const opened = useSpotlight(paletteStore).opened;

  // The dialog's name (axe aria-dialog-name): the library gives its dialog none and takes no prop for
  // it; set on the element once it is mounted (it may mount a frame after the open).
  useEffect(() => {
    if (!opened) return;
    let frame = 0;
    const label = (tries: number): void => {
      const dialog = document.getElementById(RESULTS_ID)?.closest('[role="dialog"]');
      if (dialog) dialog.setAttribute('aria-label', 'Command palette');
      else if (tries > 0) frame = requestAnimationFrame(() => label(tries - 1));
    };
    label(60);
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  // The library highlights the first row of a new query a moment after the keystroke, on the DOM;
  // rows rendered after that moment (a busy machine) would leave none highlighted and Enter would
  // do nothing. After each render of the results, the first row is highlighted if none is.
  useLayoutEffect(() => {
    const list = document.getElementById(RESULTS_ID);
    if (!list || list.querySelector('[data-action][data-selected]')) return;
    const first = list.querySelector('[data-action]');
    if (!first) return;
    first.setAttribute('data-selected', 'true');
    paletteStore.updateState((state) => ({ ...state, selected: 0 }));
  }, [shown]);

  const go = (item: PaletteItem): void => {
    picked.current = true;
    setRecent(rememberPick(item.id));
    const t = item.target;
    if (t.kind === 'view') onView(t.view);
    else if (t.kind === 'tool') onTool(t.server, t.tool);
    else if (t.kind === 'gateway') onGateway(t.host);
    else if (t.kind === 'welcome') showWelcome();
    else {
      if (t.kind === 'tab') requestOnServer(t.server, { tab: t.tab });
      else if (t.kind === 'verb') requestOnServer(t.server, { verb: t.verb });
      onServer(t.server);
    }
    // A tab, a sign-in or a host card takes focus from wherever it is; a tool's pane focuses its own field.
    const targets = focusTargets(t);
    settleFocus(targets, t.kind === 'tab' || t.kind === 'sign-in' || t.kind === 'gateway' ? (targets[0] as string) : undefined);
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      returnFocus={false}
      scrollable
      maxHeight={420}
      onSpotlightOpen={() => {
        picked.current = false;
        before.current = document.activeElement;
        setRecent(loadRecent());
      }}
      onSpotlightClose={() => {
        setQuery('');
        // Closed without a pick (Escape, a click outside): back where the person was.
        if (!picked.current) settleFocus([...(before.current ? [before.current] : []), NAV_CURRENT]);
      }}
    >
      <Spotlight.Search placeholder="Go to a server, tool, view or action…" aria-label="Command palette: search" />
      <Spotlight.ActionsList id={RESULTS_ID} aria-label="Command palette results">
        {shown.length > 0 ? (
          // Keyed by the query too: the highlight (set on the DOM by the library, first row on each query) never stays on a row that moved.
          shown.map((item) => <Spotlight.Action key={`${query}\n${item.id}`} label={item.label} description={item.description} onClick={() => go(item)} />)
        ) : (
          <Spotlight.Empty>Nothing matches.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed" aria-label="Keyboard shortcuts">
          {SHORTCUTS.map(([keys, what], i) => (
            <span key={keys}>
              {i > 0 ? ' · ' : null}
              <Kbd size="xs">{keys}</Kbd> {what}
            </span>
          ))}
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

/** Open the palette (for a button or a menu entry). */
export const openPalette = (): void => palette.open();

/** The header's visible way to the palette: its name says the shortcut (Ctrl+K had no trace on screen). */
export function PaletteButton() {
  const label = `Commands (${MOD}+K)`;
  return (
    <ActionIcon variant="subtle" size="md" aria-label={label} title={label} onClick={openPalette}>
      ⌘
    </ActionIcon>
  );
}
