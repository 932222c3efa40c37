/**
 * The provider registry (docs/config-discovery.md): one provider per host format. Discovery runs them in
 * `HOST_IDS` priority order whatever the order here; a new host slots in by adding its provider.
 */
import type { ConfigProvider } from '../types.js';
import { chatcliProvider } from './chatcli.js';
import { claudeCodeProvider } from './claude-code.js';
import { claudeDesktopProvider } from './claude-desktop.js';
import { clineProvider } from './cline.js';
import { codexProvider } from './codex.js';
import { continueProvider } from './continue.js';
import { cursorProvider } from './cursor.js';
import { geminiProvider } from './gemini.js';
import { gooseProvider } from './goose.js';
import { lmstudioProvider } from './lmstudio.js';
import { mcpJsonProvider } from './mcp-json.js';
import { withUserWins } from './provider-kit.js';
import { rooProvider } from './roo.js';
import { switchboardProvider } from './switchboard.js';
import { vscodeProvider } from './vscode.js';
import { windsurfProvider } from './windsurf.js';
import { xcshProvider } from './xcsh.js';
import { zedProvider } from './zed.js';

/** Every provider (docs/config-discovery.md's table); a file that is both a user and a project candidate is user scope. */
export const CONFIG_PROVIDERS: readonly ConfigProvider[] = [
  switchboardProvider,
  xcshProvider,
  claudeCodeProvider,
  codexProvider,
  geminiProvider,
  cursorProvider,
  windsurfProvider,
  clineProvider,
  rooProvider,
  claudeDesktopProvider,
  zedProvider,
  vscodeProvider,
  gooseProvider,
  continueProvider,
  lmstudioProvider,
  chatcliProvider,
  mcpJsonProvider,
].map(withUserWins);

export {
  chatcliProvider, claudeCodeProvider, claudeDesktopProvider, clineProvider, codexProvider, continueProvider, cursorProvider,
  geminiProvider, gooseProvider, lmstudioProvider, mcpJsonProvider, rooProvider, switchboardProvider, vscodeProvider,
  windsurfProvider, xcshProvider, zedProvider,
};
