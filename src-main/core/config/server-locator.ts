/**
 * Which file a verb acts on (docs/operator-verbs.md: "to the file the server lives in"): a server by name (the
 * winner of the connected set) or by name + file (a shadowed definition), and where a new server
 * goes for a host + scope.
 */
import { existsSync } from 'node:fs';
import { HOST_LABELS, type HostId, type Scope } from '../../../src-shared/config/server.js';
import { CoreError } from '../facade/errors.js';
import { joinFor } from '../data/paths.js';
import type { EntryLocation } from './config-writer.js';
import { continueDropInDir } from './providers/continue.js';
import { CONFIG_PROVIDERS } from './providers/index.js';
import type { DiscoveryContext, DiscoveryResult } from './types.js';

/** The location of `name` (in `file` when given). Throws NOT_FOUND naming where it looked. */
export function locateServer(result: DiscoveryResult, name: string, file?: string): EntryLocation {
  const all = result.definitions ?? [...result.servers, ...result.shadowed.map((s) => s.definition)];
  const def = file === undefined ? result.servers.find((s) => s.name === name) : all.find((s) => s.name === name && s.source.file === file);
  if (!def) throw new CoreError('NOT_FOUND', `Unknown server "${name}"${file ? ` in ${file}` : ''}. See: switchboard servers`);
  return { host: def.source.host, file: def.source.file, scope: def.source.scope };
}

/** Scopes a host has files for. */
export function hostScopes(host: HostId, ctx: DiscoveryContext): Scope[] {
  const provider = CONFIG_PROVIDERS.find((p) => p.host === host);
  const scopes = new Set(provider?.candidateFiles(ctx).map((f) => f.scope) ?? []);
  if (host === 'claude-code') scopes.add('local');
  return [...scopes];
}

/**
 * The file a new server of `host` at `scope` goes to: an existing candidate of that scope first,
 * else the first candidate (VS Code: `mcp.json`, never the legacy `settings.json` block; Continue
 * project: a new drop-in `.continue/mcpServers/<name>.yaml`). Default scope: `user` (`app` for
 * Switchboard). Throws BAD_REQUEST for a scope the host does not have.
 */
export function targetLocation(host: HostId, scope: Scope | undefined, ctx: DiscoveryContext, name: string): EntryLocation {
  const want: Scope = scope ?? (host === 'switchboard' ? 'app' : host === 'mcp-json' ? 'project' : 'user');
  if (host === 'continue' && want === 'project') return { host, scope: 'project', file: joinFor(ctx, continueDropInDir(ctx), `${name}.yaml`) };
  const provider = CONFIG_PROVIDERS.find((p) => p.host === host);
  const fileScope = host === 'claude-code' && want === 'local' ? 'user' : want;
  const files = (provider?.candidateFiles(ctx) ?? []).filter((f) => f.scope === fileScope && !(host === 'vscode' && f.path.endsWith('settings.json')));
  const chosen = files.find((f) => existsSync(f.path)) ?? files[0];
  if (!chosen) throw new CoreError('BAD_REQUEST', `${HOST_LABELS[host]} has no ${want}-level config file`);
  return { host, scope: want, file: chosen.path };
}
