/**
 * VS Code (docs/host-formats.md "VS Code"; docs/config-discovery.md rank 12): `servers` (+ `inputs`) in JSONC files —
 * project `.vscode/mcp.json` and the legacy `"mcp": {servers}` block of `.vscode/settings.json`;
 * user: the profile `mcp.json` in the `User` folder (Code and Code - Insiders) and the legacy block
 * of `User/settings.json`. `type` is required by VS Code but inferred here (docs/server-model.md);
 * `${env:VAR}`, `${workspaceFolder}`, `${userHome}` expanded; `${input:id}` stays unresolved at
 * discovery and is answered from the keychain at connect time (`secrets/secret-refs.ts`).
 */
import { basename } from 'node:path';
import { joinFor } from '../../data/paths.js';
import type { DiscoveryContext, SourceFile } from '../types.js';
import { HOST_RULES } from './host-rules.js';
import { codeUserDir } from './host-paths.js';
import { candidate, mapProvider } from './provider-kit.js';

function candidates(ctx: DiscoveryContext): SourceFile[] {
  return [
    candidate('vscode', joinFor(ctx, ctx.projectDir, '.vscode', 'mcp.json'), 'project'),
    candidate('vscode', joinFor(ctx, ctx.projectDir, '.vscode', 'settings.json'), 'project'),
    candidate('vscode', joinFor(ctx, codeUserDir(ctx), 'mcp.json'), 'user'),
    candidate('vscode', joinFor(ctx, codeUserDir(ctx, 'Code - Insiders'), 'mcp.json'), 'user'),
    candidate('vscode', joinFor(ctx, codeUserDir(ctx), 'settings.json'), 'user'),
  ];
}

/** Where the server map sits: `servers` in `mcp.json`, `mcp.servers` in `settings.json`. */
export function vscodeMapPath(file: string): string[] {
  return basename(file) === 'settings.json' ? ['mcp', 'servers'] : ['servers'];
}

/** Provider for VS Code's `mcp.json` and legacy `settings.json` blocks. */
export const vscodeProvider = mapProvider({
  rules: HOST_RULES.vscode,
  strictJson: false,
  candidates,
  mapPath: (file) => vscodeMapPath(file.path),
});
