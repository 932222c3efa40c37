/**
 * The provider registry (SPEC §2): one provider per host format. Discovery runs them in
 * `HOST_IDS` priority order whatever the order here; a new host slots in by adding its provider.
 */
import type { ConfigProvider } from '../types.js';
import { chatcliProvider } from './chatcli.js';
import { claudeCodeProvider } from './claude-code.js';
import { claudeDesktopProvider } from './claude-desktop.js';
import { cursorProvider } from './cursor.js';
import { mcpJsonProvider } from './mcp-json.js';
import { switchboardProvider } from './switchboard.js';
import { xcshProvider } from './xcsh.js';

/** Every provider that exists so far. */
export const CONFIG_PROVIDERS: readonly ConfigProvider[] = [
  switchboardProvider,
  xcshProvider,
  claudeCodeProvider,
  cursorProvider,
  claudeDesktopProvider,
  chatcliProvider,
  mcpJsonProvider,
];

export { chatcliProvider, claudeCodeProvider, claudeDesktopProvider, cursorProvider, mcpJsonProvider, switchboardProvider, xcshProvider };
