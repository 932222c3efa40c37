/**
 * How each host's entries are read (docs/host-formats.md §2-§4): placeholder syntax, timeout unit,
 * enable flag, and a translator from the host's own keys to canonical ones. One place, so the
 * reader (providers) and the writer (`host-shapes.ts`) agree on every host's semantics.
 */
import type { HostId } from '../../../../src-shared/config/server.js';
import type { EntrySource, HostRules, Translation } from '../normalize-entry.js';

type Raw = Record<string, unknown>;

/** Move `from` to `to` when `to` is absent (the host's spelling → canonical). */
function rename(raw: Raw, from: string, to: string): void {
  if (raw[from] === undefined) return;
  if (raw[to] === undefined) raw[to] = raw[from];
  delete raw[from];
}

/** `disabled: true|false` (Cline, Roo, Windsurf) → canonical `enabled`. */
function disabledFlag(raw: Raw, invalid: string[]): void {
  if (raw.disabled === undefined) return;
  if (typeof raw.disabled === 'boolean') {
    if (raw.enabled === undefined) raw.enabled = !raw.disabled;
    delete raw.disabled;
  } else {
    invalid.push(`"disabled" must be true or false, got ${JSON.stringify(raw.disabled)}`);
  }
}

/** `alwaysAllow` merged into `autoApprove` (Cline's old builds, Roo). */
function alwaysAllow(raw: Raw): void {
  if (!Array.isArray(raw.alwaysAllow)) return;
  const merged = [...(Array.isArray(raw.autoApprove) ? raw.autoApprove : []), ...raw.alwaysAllow];
  raw.autoApprove = [...new Set(merged)];
  delete raw.alwaysAllow;
}

const hasType = (raw: Raw): boolean => raw.type !== undefined || raw.transport !== undefined;

/** Every string value inside `v` (deep). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

/** Codex: env-var-name fields become header values looked up at read time (no `${}` in TOML). */
function codexTranslate(input: Raw, src: EntrySource): Translation {
  const raw: Raw = { ...input };
  const unresolved: string[] = [];
  const lookup = (name: string): string => {
    const value = src.expand ? src.vars.env[name] : undefined;
    if (value === undefined) {
      unresolved.push(name);
      return `\${${name}}`;
    }
    return value;
  };
  const headers: Record<string, unknown> = {};
  if (raw.http_headers && typeof raw.http_headers === 'object' && !Array.isArray(raw.http_headers)) Object.assign(headers, raw.http_headers);
  if (raw.env_http_headers && typeof raw.env_http_headers === 'object' && !Array.isArray(raw.env_http_headers)) {
    for (const [k, v] of Object.entries(raw.env_http_headers as Raw)) if (typeof v === 'string') headers[k] = lookup(v);
  }
  if (typeof raw.bearer_token_env_var === 'string') headers.Authorization = `Bearer ${lookup(raw.bearer_token_env_var)}`;
  if (Object.keys(headers).length > 0 && raw.headers === undefined) raw.headers = headers;
  delete raw.http_headers;
  if (raw.env_http_headers !== undefined && typeof raw.env_http_headers === 'object') delete raw.env_http_headers;
  if (typeof raw.bearer_token_env_var === 'string') delete raw.bearer_token_env_var;
  rename(raw, 'startup_timeout_sec', 'timeout');
  rename(raw, 'enabled_tools', 'enabledTools');
  rename(raw, 'disabled_tools', 'disabledTools');
  return { raw, unresolved };
}

/** Gemini: `url` = SSE, `httpUrl` = Streamable HTTP; include/exclude tool lists. */
function geminiTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  rename(raw, 'includeTools', 'enabledTools');
  rename(raw, 'excludeTools', 'disabledTools');
  const transport = !hasType(raw) && typeof raw.url === 'string' && raw.httpUrl === undefined ? 'sse' : undefined;
  return { raw, transport };
}

/** Windsurf: `disabled`; `serverUrl` is handled by the common reader. */
function windsurfTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  const invalid: string[] = [];
  disabledFlag(raw, invalid);
  return { raw, invalid };
}

/** Cline: `disabled`, legacy `transportType`, `streamableHttp`, url-only = SSE, `alwaysAllow`. */
function clineTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  const invalid: string[] = [];
  disabledFlag(raw, invalid);
  alwaysAllow(raw);
  if (raw.type === undefined && typeof raw.transportType === 'string') {
    raw.type = raw.transportType;
    delete raw.transportType;
  }
  const transport = !hasType(raw) && typeof raw.url === 'string' && raw.command === undefined ? 'sse' : undefined;
  return { raw, transport, invalid };
}

/** Roo: `disabled`, `alwaysAllow`; a `url` without `type` is an error (HOST-FORMATS §3 Roo). */
function rooTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  const invalid: string[] = [];
  disabledFlag(raw, invalid);
  alwaysAllow(raw);
  if (!hasType(raw) && raw.url !== undefined) invalid.push('Roo Code needs "type" ("sse" or "streamable-http") for a "url" server');
  return { raw, invalid };
}

/** Zed: current untagged shapes, `"source"` tag, `"command": {path, args, env}`, extension servers. */
function zedTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  if (raw.command && typeof raw.command === 'object' && !Array.isArray(raw.command)) {
    const c = raw.command as Raw;
    raw.command = c.path;
    if (raw.args === undefined && c.args !== undefined) raw.args = c.args;
    if (raw.env === undefined && c.env !== undefined) raw.env = c.env;
  }
  if (raw.source === 'extension' || (raw.command === undefined && raw.url === undefined)) {
    return { raw, skip: 'provided by a Zed extension; Switchboard cannot launch it (shown in Zed only)' };
  }
  if (raw.source === 'custom') delete raw.source;
  return { raw };
}

/** goose: `cmd`/`envs`/`uri`; builtin/platform/frontend extensions are not MCP servers we run. */
function gooseTranslate(input: Raw): Translation {
  const raw: Raw = { ...input };
  const type = typeof raw.type === 'string' ? raw.type : undefined;
  if (type !== undefined && !['stdio', 'sse', 'streamable_http', 'streamable-http', 'http'].includes(type)) return { raw, skip: true };
  rename(raw, 'cmd', 'command');
  rename(raw, 'envs', 'env');
  rename(raw, 'uri', 'url');
  return { raw };
}

/** Continue: `${{ secrets.X }}` / `${{ inputs.X }}` cannot be resolved outside Continue: flagged. */
function continueTranslate(input: Raw): Translation {
  const unresolved = strings(input).flatMap((s) => [...s.matchAll(/\$\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!));
  return { raw: { ...input }, unresolved };
}

/** Every host's reading rules (docs/config-discovery.md, docs/host-formats.md). */
export const HOST_RULES: Record<HostId, HostRules> = {
  switchboard: { host: 'switchboard', syntax: 'posix', auth: 'canonical' },
  xcsh: { host: 'xcsh', syntax: 'posix', auth: 'canonical', coerceStrings: true },
  'claude-code': { host: 'claude-code', syntax: 'posix', auth: 'canonical', bothLaunchFields: 'type' },
  codex: { host: 'codex', syntax: 'none', auth: 'opaque', timeoutUnit: 's', translate: codexTranslate },
  gemini: { host: 'gemini', syntax: 'posix', bareDollar: true, auth: 'opaque', bothLaunchFields: 'shape', urlKeys: ['httpUrl', 'url'], translate: geminiTranslate },
  cursor: { host: 'cursor', syntax: 'vscode', auth: 'opaque', bothLaunchFields: 'guess' },
  windsurf: { host: 'windsurf', syntax: 'vscode', auth: 'opaque', bothLaunchFields: 'guess', urlKeys: ['serverUrl', 'url'], translate: windsurfTranslate },
  cline: { host: 'cline', syntax: 'none', auth: 'opaque', bothLaunchFields: 'type', timeoutUnit: 's', translate: clineTranslate },
  roo: { host: 'roo', syntax: 'vscode', auth: 'opaque', timeoutUnit: 's', translate: rooTranslate },
  'claude-desktop': { host: 'claude-desktop', syntax: 'none', auth: 'opaque', bothLaunchFields: 'type' },
  zed: { host: 'zed', syntax: 'none', auth: 'opaque', bothLaunchFields: 'shape', timeoutUnit: 's', translate: zedTranslate },
  vscode: { host: 'vscode', syntax: 'vscode', auth: 'opaque', bothLaunchFields: 'type' },
  goose: { host: 'goose', syntax: 'none', auth: 'opaque', bothLaunchFields: 'type', timeoutUnit: 's', translate: gooseTranslate },
  continue: { host: 'continue', syntax: 'none', auth: 'opaque', bothLaunchFields: 'type', nameInEntry: true, translate: continueTranslate },
  lmstudio: { host: 'lmstudio', syntax: 'none', auth: 'opaque', bothLaunchFields: 'guess' },
  chatcli: {
    host: 'chatcli', syntax: 'posix', auth: 'chatcli', bothLaunchFields: 'type', timeoutUnit: 's', enabledWhenMissing: false,
    mergeAlwaysAllow: true, nameInEntry: true, tildeCwd: true,
  },
  'mcp-json': { host: 'mcp-json', syntax: 'posix', auth: 'canonical', bothLaunchFields: 'type' },
};
