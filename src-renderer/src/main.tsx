/**
 * Renderer entry: one API (`getApi()`), one store fed by one subscription, Mantine following the
 * OS light/dark theme.
 */
import '@mantine/core/styles.css';
import './styles.css';
import { MantineProvider, createTheme } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApi } from './api/index.js';
import { App } from './app.js';
import { createSwitchboardStore } from './store/switchboard-store.js';
import { AppContext } from './store/use-store.js';

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", "Cascadia Code", "DejaVu Sans Mono", Menlo, monospace',
  defaultRadius: 'md',
});

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
