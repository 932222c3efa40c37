/**
 * The canonical MCP server definition (docs/server-model.md) and its provenance (docs/config-discovery.md).
 *
 * Pure: zod only. Every host's provider normalises its own shape into `MCPServer`; the manager,
 * the CLI and the renderer only ever see this shape.
 */
import { z } from 'zod';
import { ConfigWarningCodeSchema, ConfigWarningKindSchema, ConfigWarningSeveritySchema } from './warning-codes.js';

/** Transports a server can use. `sse` is HTTP+SSE (two endpoints), distinct from Streamable HTTP. */
export const TransportTypeSchema = z.enum(['stdio', 'http', 'sse']);
export type TransportType = z.infer<typeof TransportTypeSchema>;

/** Hosts whose config files we read, in docs/config-discovery.md's priority order (index 0 = highest). */
export const HOST_IDS = [
  'switchboard',
  'xcsh',
  'claude-code',
  'codex',
  'gemini',
  'cursor',
  'windsurf',
  'cline',
  'roo',
  'claude-desktop',
  'zed',
  'vscode',
  'goose',
  'continue',
  'lmstudio',
  'chatcli',
  'mcp-json',
] as const;
export const HostIdSchema = z.enum(HOST_IDS);
export type HostId = z.infer<typeof HostIdSchema>;

/** Human-readable host names for the UI and CLI. */
export const HOST_LABELS: Record<HostId, string> = {
  switchboard: 'Switchboard',
  xcsh: 'xcsh',
  'claude-code': 'Claude Code',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  cursor: 'Cursor',
  windsurf: 'Windsurf',
  cline: 'Cline',
  roo: 'Roo Code',
  'claude-desktop': 'Claude Desktop',
  zed: 'Zed',
  vscode: 'VS Code',
  goose: 'goose',
  continue: 'Continue',
  lmstudio: 'LM Studio',
  chatcli: 'ChatCLI',
  'mcp-json': 'mcp.json (fallback)',
};

/** docs/config-discovery.md priority rank of a host: 1 = highest. */
export function hostRank(host: HostId): number {
  return HOST_IDS.indexOf(host) + 1;
}

/**
 * Where a config file sits. `local` is Claude Code's per-project entry in `~/.claude.json`;
 * `app` is Switchboard's own `servers.json`.
 */
export const ScopeSchema = z.enum(['app', 'local', 'project', 'user', 'managed']);
export type Scope = z.infer<typeof ScopeSchema>;

/** Where a definition came from: host, file, 1-based line/column of its entry, scope. */
export const ProvenanceSchema = z.object({
  host: HostIdSchema,
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  scope: ScopeSchema,
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** The private-key JWT algorithms a workload key may use (RFC 7518 §3.1, asymmetric only). */
export const WORKLOAD_KEY_ALGS = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const;

/**
 * A workload's identity (docs/auth.md "Workload identity"): the JWT-bearer grant (RFC 7523) with the
 * workload's JWT read at token time from `assertionFile` or the environment variable `assertionEnv`
 * (never written back), as client `clientId`; with `privateKey*`, the client authenticates with a
 * private-key JWT (`private_key_jwt`, algorithm `alg`, default ES256) signed by the PEM key read from
 * a file or an environment variable, else the one kept in the credential's keychain entry.
 */
export const WorkloadAuthSchema = z.object({
  clientId: z.string().min(1),
  assertionFile: z.string().min(1).optional(),
  assertionEnv: z.string().min(1).optional(),
  privateKeyFile: z.string().min(1).optional(),
  privateKeyEnv: z.string().min(1).optional(),
  /** An asymmetric JWS algorithm of the PKCS#8 PEM key (an HMAC one would make the PEM text a shared secret). */
  alg: z.enum(WORKLOAD_KEY_ALGS, { error: `must be one of ${WORKLOAD_KEY_ALGS.join(', ')} (an asymmetric algorithm matching the private key)` }).optional(),
  scope: z.string().min(1).optional(),
});
export type WorkloadAuth = z.infer<typeof WorkloadAuthSchema>;

/** Auth variants (docs/server-model.md). Values may use `${VAR}`; secrets never reach the renderer. */
export const AuthSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('oauth'),
    credentialId: z.string().optional(),
    /**
     * Where the authorization server sends the browser back: `loopback` (default,
     * `http://127.0.0.1:<port>/oauth/callback`) or `deep-link` (`mcp-switchboard://oauth/callback`,
     * for servers that refuse loopback redirects; the desktop app receives it). Issue 13.
     */
    redirect: z.enum(['loopback', 'deep-link']).optional(),
    /**
     * Enterprise-managed authorization (issue 38 item 2; docs/auth.md): tokens come from the named
     * identity provider's session (ID token → ID-JAG → JWT bearer grant), never a browser per server.
     * Written `{"type": "enterprise", "idp": "<name>"}` in Switchboard's own file.
     */
    idp: z.string().min(1).optional(),
    /** Enterprise: Switchboard's client id at this server's authorization server (pre-registered there; the ID-JAG names it). */
    clientId: z.string().min(1).optional(),
    /** Workload identity (issue 38 item 3): the JWT-bearer grant with a workload's JWT; Switchboard's own file only. */
    workload: WorkloadAuthSchema.optional(),
  }),
  z.object({ type: z.literal('bearer'), token: z.string() }),
  z.object({ type: z.literal('basic'), username: z.string(), password: z.string() }),
  z.object({ type: z.literal('header'), name: z.string(), value: z.string() }),
]);
export type Auth = z.infer<typeof AuthSchema>;

/**
 * Which MCP protocol generation a server is reached in (docs/protocol-eras.md, issue 10): `auto` probes with
 * `server/discover` and falls back to the 2025 handshake; `2026-07-28` pins the current revision
 * (no fallback); `legacy` skips the probe (2025 era, `initialize`).
 */
export const ProtocolModeSchema = z.enum(['auto', '2026-07-28', 'legacy']);
export type ProtocolMode = z.infer<typeof ProtocolModeSchema>;
/** The protocol revision of the modern era that `2026-07-28` pins. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * The canonical server (docs/server-model.md). `timeout` is in ms. `extensions` holds every key outside the
 * typed schema verbatim, so a round trip through us loses nothing.
 */
export const MCPServerSchema = z.object({
  name: z.string(),
  transport: TransportTypeSchema,
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  enabled: z.boolean().default(true),
  timeout: z.number().positive().optional(),
  auth: AuthSchema.optional(),
  enabledTools: z.array(z.string()).optional(),
  disabledTools: z.array(z.string()).optional(),
  autoApprove: z.array(z.string()).optional(),
  overrides: z.array(z.string()).optional(),
  channels: z.array(z.string()).optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  category: z.string().optional(),
  /** Protocol generation (issue 10); absent = `auto`. Read from and written to servers.json only. */
  protocol: ProtocolModeSchema.optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type MCPServer = z.infer<typeof MCPServerSchema>;

/** A canonical server plus where it was read from. */
export const ServerDefinitionSchema = MCPServerSchema.extend({
  source: ProvenanceSchema,
  /** Names of `${…}` placeholders that stayed literal because they could not be resolved. */
  unresolved: z.array(z.string()).default([]),
  /**
   * `env.X` / `headers.X` / `url` whose value came from a `${…}` expansion (the environment):
   * held as secrets for redaction (issue 9 item 4). Absent when none.
   */
  expanded: z.array(z.string()).optional(),
  /**
   * Those of `expanded` whose text names a variable that looks secret (`${SVC_SECRET}`,
   * `${env:DB_PASSWORD}`: `isSecretKey` on the name): held whatever key they stand under (attack 8 F13).
   */
  secretSourced: z.array(z.string()).optional(),
  /** Project files only: the launch fields as written, before expansion; what an approval binds (issue 16, docs/trust.md). */
  written: z.record(z.string(), z.unknown()).optional(),
});
export type ServerDefinition = z.infer<typeof ServerDefinitionSchema>;

/** A problem found while reading a config file: never fatal, always tied to file and position. */
export const ConfigWarningSchema = z.object({
  file: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  server: z.string().optional(),
  /** For people; faces decide by `code`, `kind` and `severity`, never by these words. */
  message: z.string(),
  /** What it is (src-shared/config/warning-codes.ts; docs/config-discovery.md § Warning codes). */
  code: ConfigWarningCodeSchema,
  /** What sort of problem (fixed by `code`). */
  kind: ConfigWarningKindSchema,
  /** `error`: not read; `warning`: read, will not work as written; `note`: read, with a remark (fixed by `code`). */
  severity: ConfigWarningSeveritySchema,
});
export type ConfigWarning = z.infer<typeof ConfigWarningSchema>;

/** Default per-server timeout (ms) for connect and requests when a config sets none. */
export const DEFAULT_TIMEOUT_MS = 30_000;
