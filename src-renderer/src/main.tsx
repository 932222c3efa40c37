/**
 * Renderer entry: one API (`getApi()`), one store fed by one subscription, Mantine following the
 * OS light/dark theme. In web mode a `?ticket=` is traded for the session token first (`redeemTicket`).
 */
import '@mantine/core/styles.css';
import './styles.css';
import './common/a11y.css';
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApi, redeemTicket } from './api/index.js';
import { TOKEN_PARAM } from '../../src-shared/api/wire.js';
import { App } from './app.js';
import { createSwitchboardStore } from './store/switchboard-store.js';
import { AppContext } from './store/use-store.js';

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", "Cascadia Code", "DejaVu Sans Mono", Menlo, monospace',
  defaultRadius: 'md',
  // Issue 37 item 4 (docs/accessibility.md): filled controls at shade 8 (indigo 5.7:1 under white
  // text; shade 6 was 4.3:1), and where white still reads below 4.5:1 (teal, orange, yellow…) black
  // text instead: the switch point 0.179 is the luminance at which both reach the same contrast (≥ 4.58:1).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Dialogs, menus and collapses do not move for a person who asked the system for reduced motion
  // (WCAG 2.3.3; Mantine's default ignores the setting). The e2e asks for it too: a button of a dialog
  // sliding in (Modal's fade-down) moved under Playwright's click point after its stability check.
  respectReducedMotion: true,
  // Every dialog's × has a name (axe button-name: Mantine's has none).
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }) },
});

function start(): void {
  const { api, connection } = getApi();
  const store = createSwitchboardStore(api, connection);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <AppContext.Provider value={{ api, store }}>
          <App />
        </AppContext.Provider>
      </MantineProvider>
    </StrictMode>,
  );
}

/** Instead of the app: one line saying why this page cannot open it and what to do. */
function refuse(text: string): void {
  const root = document.getElementById('root')!;
  root.setAttribute('role', 'alert');
  root.textContent = text;
}

// A page opened by `switchboard open` first trades its one-time ticket for the session token.
void (window.switchboard ? Promise.resolve('none' as const) : redeemTicket(window.location, window.history)).then((outcome) => {
  if (outcome === 'refused') return refuse('This one-time link was already used or has expired (it works once, for 60 seconds). Run "switchboard open" again.');
  // Web mode with no token in the address: not a Switchboard that stopped (a new user's first guess
  // from that notice, issue 32 trial) — the address lacks the part that lets the page in.
  if (!window.switchboard && !new URLSearchParams(window.location.search).get(TOKEN_PARAM)) {
    return refuse(`This address needs its token: open the address Switchboard printed when it started (it ends in ?${TOKEN_PARAM}=…), or run "switchboard open", which opens this page for you.`);
  }
  start();
});
