/**
 * Canonical server → each host's own entry shape (the writer's half of docs/host-formats.md): where the
 * servers sit in the file, map or list, the transport spelling, the timeout unit, the enable flag
 * (or none), and which extensions travel. The reader's half is `providers/host-rules.ts`.
 */
import { basename } from 'node:path';
import type { HostId, MCPServer } from '../../../src-shared/config/server.js';
import { serializeServerEntry } from './own-servers.js';
import type { ConfigFormat } from '../files/structured-document.js';

/** How a host marks a server off in its file (docs/operator-verbs.md enable/disable). */
export type EnableStyle = 'enabled' | 'enabled-always' | 'disabled' | 'gemini-list' | 'none';

/** The writer's view of one host's files. */
export interface HostShape {
  host: HostId;
  format(file: string): ConfigFormat;
  /** Path of the server container (map or list) in `file`. */
  container(file: string): string[];
  /** Entries are a list of objects with `name` (ChatCLI, Continue YAML). */
  list(file: string): boolean;
  enable: EnableStyle;
  /** The host's entry for `server` (no `name` key for map hosts), plus what could not be carried. */
  toHost(server: MCPServer): { entry: Record<string, unknown>; notes: string[] };
}

type Entry = Record<string, unknown>;

const secs = (ms: number): number => (ms % 1000 === 0 ? ms / 1000 : Math.round(ms / 100) / 10);

/** Launch fields every host shares (`command`/`args`/`env`/`cwd` or `url`/`headers`). */
function launch(s: MCPServer, keys: { url?: string; headers?: string; command?: string; env?: string; cwd?: boolean; description?: boolean } = {}): Entry {
  const e: Entry = {};
  if (s.command !== undefined) e[keys.command ?? 'command'] = s.command;
  if (s.args !== undefined && s.args.length > 0) e.args = s.args;
  if (s.env !== undefined && Object.keys(s.env).length > 0) e[keys.env ?? 'env'] = s.env;
  if (s.cwd !== undefined && keys.cwd !== false) e.cwd = s.cwd;
  if (s.url !== undefined) e[keys.url ?? 'url'] = s.url;
  if (s.headers !== undefined && Object.keys(s.headers).length > 0) e[keys.headers ?? 'headers'] = s.headers;
  // Hosts ignore keys they do not know (HOST-FORMATS §4.9), so a description travels with the entry.
  if (s.description !== undefined && keys.description !== false) e.description = s.description;
  return e;
}

/**
 * Launch keys left in `extensions`: a field the source host ignored (`"url"` beside a stdio
 * `"command"`, issue 27 item 9; normalize-entry.ts). The launch written is the canonical one, so
 * such a key is not carried into another entry — Roo Code and xcsh would refuse an entry with both.
 * An edit of the entry in its own file leaves it where it is (edits write only what changed).
 */
const IGNORED_LAUNCH_KEYS = ['command', 'cmd', 'url', 'uri', 'serverUrl', 'httpUrl'];

/** Extensions kept verbatim, minus keys the host shape writes itself and ignored launch keys. */
function extras(s: MCPServer, written: Entry, drop: string[] = []): Entry {
  const out: Entry = {};
  for (const [k, v] of Object.entries(s.extensions ?? {})) if (!(k in written) && !drop.includes(k) && !IGNORED_LAUNCH_KEYS.includes(k) && k !== 'name') out[k] = v;
  return out;
}

/** Notes about canonical fields a host has no place for. */
function unsupported(s: MCPServer, fields: (keyof MCPServer)[], host: string): string[] {
  return fields.filter((f) => s[f] !== undefined && !(Array.isArray(s[f]) && (s[f] as unknown[]).length === 0)).map((f) => `${host} has no "${String(f)}" field; not written`);
}

function authNote(s: MCPServer, host: string): string[] {
  return s.auth && s.auth.type !== 'oauth' ? [`${host} has no "auth" field; put the credential in a header instead`] : s.auth ? [`${host} runs its own OAuth sign-in; "auth" not written`] : [];
}

const shape = (host: HostId, partial: Omit<HostShape, 'host' | 'format' | 'list'> & Partial<Pick<HostShape, 'format' | 'list'>>): HostShape => ({
  host,
  format: () => 'json',
  list: () => false,
  ...partial,
});

const mcpServers = (): string[] => ['mcpServers'];

/** Cursor / LM Studio / Claude Desktop style: no enable flag, optional `type` for remote. */
function plainShape(host: HostId, label: string, opts: { stdioOnly?: boolean } = {}): HostShape {
  return shape(host, {
    container: mcpServers,
    enable: 'none',
    toHost(s) {
      const notes = [...authNote(s, label), ...unsupported(s, ['timeout', 'enabledTools', 'disabledTools', 'autoApprove'], label)];
      if (opts.stdioOnly && s.transport !== 'stdio') {
        // Claude Desktop reads only stdio servers from its file: bridge a remote one through mcp-remote.
        const headerArgs = Object.entries(s.headers ?? {}).flatMap(([k, v]) => ['--header', `${k}: ${v}`]);
        notes.push(`${label} reads only stdio servers from its file: written as an "npx mcp-remote" bridge`);
        const entry: Entry = { command: 'npx', args: ['-y', 'mcp-remote', s.url ?? '', ...headerArgs] };
        return { entry: { ...entry, ...extras(s, entry) }, notes };
      }
      const entry: Entry = s.transport === 'stdio' ? launch(s, { cwd: false }) : { ...(s.transport === 'sse' ? { type: 'sse' } : {}), ...launch(s) };
      if (s.cwd !== undefined) notes.push(`${label} has no "cwd" field; not written`);
      return { entry: { ...entry, ...extras(s, entry) }, notes };
    },
  });
}

/** Claude Code / xcsh / mcp.json: `type`, `${VAR}` syntax, canonical auth (xcsh, mcp.json). */
function typedShape(host: HostId, enable: EnableStyle, withAuth: boolean, label: string): HostShape {
  return shape(host, {
    container: mcpServers,
    enable,
    toHost(s) {
      const entry: Entry = { type: s.transport, ...launch(s) };
      if (enable === 'enabled' && s.enabled === false) entry.enabled = false;
      if (host === 'xcsh' && s.timeout !== undefined) entry.timeout = s.timeout;
      if (withAuth && s.auth) entry.auth = s.auth;
      const notes = [...(withAuth ? [] : authNote(s, label)), ...unsupported(s, host === 'xcsh' ? [] : ['timeout'], label)];
      return { entry: { ...entry, ...extras(s, entry) }, notes };
    },
  });
}

/** Every host's writer shape. */
export const HOST_SHAPES: Record<HostId, HostShape> = {
  switchboard: shape('switchboard', {
    container: mcpServers,
    enable: 'enabled',
    toHost: (s) => ({ entry: serializeServerEntry(s), notes: [] }),
  }),
  xcsh: typedShape('xcsh', 'enabled', true, 'xcsh'),
  'claude-code': typedShape('claude-code', 'none', false, 'Claude Code'),
  'mcp-json': typedShape('mcp-json', 'none', true, 'mcp.json'),
  codex: shape('codex', {
    format: () => 'toml',
    container: () => ['mcp_servers'],
    enable: 'enabled',
    toHost(s) {
      const headers = { ...(s.headers ?? {}) };
      const entry: Entry = launch({ ...s, headers: undefined }, { description: false });
      const bearer = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(headers.Authorization ?? '');
      if (bearer) {
        entry.bearer_token_env_var = bearer[1];
        delete headers.Authorization;
      }
      if (Object.keys(headers).length > 0) entry.http_headers = headers;
      if (s.enabled === false) entry.enabled = false;
      if (s.timeout !== undefined) entry.startup_timeout_sec = secs(s.timeout);
      if (s.enabledTools) entry.enabled_tools = s.enabledTools;
      if (s.disabledTools) entry.disabled_tools = s.disabledTools;
      const notes = [...authNote(s, 'Codex')];
      if (s.transport === 'sse') notes.push('Codex speaks Streamable HTTP only: an SSE server will not connect there');
      return { entry: { ...entry, ...extras(s, entry) }, notes };
    },
  }),
  gemini: shape('gemini', {
    container: mcpServers,
    enable: 'gemini-list',
    toHost(s) {
      const entry: Entry = launch(s, { url: s.transport === 'http' ? 'httpUrl' : 'url' });
      if (s.timeout !== undefined) entry.timeout = s.timeout;
      if (s.enabledTools) entry.includeTools = s.enabledTools;
      if (s.disabledTools) entry.excludeTools = s.disabledTools;
      return { entry: { ...entry, ...extras(s, entry, ['url', 'httpUrl']) }, notes: authNote(s, 'Gemini CLI') };
    },
  }),
  cursor: plainShape('cursor', 'Cursor'),
  windsurf: shape('windsurf', {
    container: mcpServers,
    enable: 'disabled',
    toHost(s) {
      const entry: Entry = s.transport === 'http' ? launch(s, { url: 'serverUrl' }) : { ...(s.transport === 'sse' ? { type: 'sse' } : {}), ...launch(s) };
      if (s.enabled === false) entry.disabled = true;
      if (s.disabledTools) entry.disabledTools = s.disabledTools;
      return { entry: { ...entry, ...extras(s, entry, ['url', 'serverUrl']) }, notes: [...authNote(s, 'Windsurf'), ...unsupported(s, ['timeout'], 'Windsurf')] };
    },
  }),
  cline: shape('cline', {
    container: mcpServers,
    enable: 'disabled',
    toHost(s) {
      const entry: Entry = { type: s.transport === 'http' ? 'streamableHttp' : s.transport, ...launch(s) };
      if (s.enabled === false) entry.disabled = true;
      if (s.timeout !== undefined) entry.timeout = secs(s.timeout);
      if (s.autoApprove) entry.autoApprove = s.autoApprove;
      return { entry: { ...entry, ...extras(s, entry, ['transportType']) }, notes: authNote(s, 'Cline') };
    },
  }),
  roo: shape('roo', {
    container: mcpServers,
    enable: 'disabled',
    toHost(s) {
      const entry: Entry = { type: s.transport === 'http' ? 'streamable-http' : s.transport, ...launch(s) };
      if (s.enabled === false) entry.disabled = true;
      if (s.timeout !== undefined) entry.timeout = Math.min(3600, Math.max(1, secs(s.timeout)));
      if (s.autoApprove) entry.alwaysAllow = s.autoApprove;
      if (s.disabledTools) entry.disabledTools = s.disabledTools;
      return { entry: { ...entry, ...extras(s, entry) }, notes: authNote(s, 'Roo Code') };
    },
  }),
  'claude-desktop': plainShape('claude-desktop', 'Claude Desktop', { stdioOnly: true }),
  zed: shape('zed', {
    container: () => ['context_servers'],
    enable: 'enabled',
    toHost(s) {
      const entry: Entry = launch(s, { cwd: false });
      if (s.enabled === false) entry.enabled = false;
      if (s.timeout !== undefined) entry.timeout = secs(s.timeout);
      const notes = [...authNote(s, 'Zed'), ...(s.cwd !== undefined ? ['Zed has no "cwd" field; not written'] : [])];
      if (s.transport === 'sse') notes.push('Zed speaks Streamable HTTP only: an SSE server will not connect there');
      return { entry: { ...entry, ...extras(s, entry, ['source']) }, notes };
    },
  }),
  vscode: shape('vscode', {
    container: (file) => (basename(file) === 'settings.json' ? ['mcp', 'servers'] : ['servers']),
    enable: 'none',
    toHost(s) {
      const entry: Entry = { type: s.transport, ...launch(s) };
      return { entry: { ...entry, ...extras(s, entry) }, notes: [...authNote(s, 'VS Code'), ...unsupported(s, ['timeout'], 'VS Code')] };
    },
  }),
  goose: shape('goose', {
    format: () => 'yaml',
    container: () => ['extensions'],
    enable: 'enabled-always',
    toHost(s) {
      const type = s.transport === 'http' ? 'streamable_http' : s.transport;
      const entry: Entry = { type, ...launch(s, { command: 'cmd', env: 'envs', url: 'uri', cwd: false }) };
      entry.enabled = s.enabled !== false;
      if (s.timeout !== undefined) entry.timeout = secs(s.timeout);
      if (s.description !== undefined) entry.description = s.description;
      if (!('name' in (s.extensions ?? {}))) entry.name = s.name;
      const ext = { ...(s.extensions ?? {}) };
      const notes = [...authNote(s, 'goose'), ...(s.cwd !== undefined ? ['goose has no "cwd" field; not written'] : [])];
      return { entry: { ...entry, ...Object.fromEntries(Object.entries(ext).filter(([k]) => !(k in entry) && !IGNORED_LAUNCH_KEYS.includes(k))) }, notes };
    },
  }),
  continue: shape('continue', {
    format: (file) => (/\.json$/i.test(file) ? 'json' : 'yaml'),
    list: (file) => !/\.json$/i.test(file),
    container: mcpServers,
    enable: 'none',
    toHost(s) {
      const entry: Entry = { type: s.transport === 'http' ? 'streamable-http' : s.transport, ...launch(s) };
      return { entry: { ...entry, ...extras(s, entry) }, notes: [...authNote(s, 'Continue'), ...unsupported(s, ['timeout'], 'Continue')] };
    },
  }),
  lmstudio: plainShape('lmstudio', 'LM Studio'),
  chatcli: shape('chatcli', {
    list: () => true,
    container: mcpServers,
    enable: 'enabled-always',
    toHost(s) {
      const entry: Entry = { transport: s.transport, ...launch(s) };
      entry.enabled = s.enabled !== false;
      if (s.timeout !== undefined) entry.timeout = secs(s.timeout);
      for (const k of ['enabledTools', 'disabledTools', 'autoApprove', 'overrides', 'channels', 'tags'] as const) if (s[k]) entry[k] = s[k];
      if (s.description !== undefined) entry.description = s.description;
      if (s.category !== undefined) entry.category = s.category;
      const a = s.auth;
      if (a?.type === 'bearer') entry.auth = { type: 'bearer', token: a.token };
      else if (a?.type === 'basic') entry.auth = { type: 'basic', username: a.username, password: a.password };
      else if (a?.type === 'header') entry.auth = { type: 'header', header: a.name, token: a.value };
      const notes = a?.type === 'oauth' ? ['ChatCLI has no OAuth; "auth" not written'] : [];
      return { entry: { ...entry, ...extras(s, entry) }, notes };
    },
  }),
};
