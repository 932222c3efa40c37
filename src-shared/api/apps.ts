/**
 * MCP Apps over the contract (docs/mcp-apps.md, issue 33): a tool's app as `apps:resource` serves it.
 * Server text (HTML, CSP domains, `domain`) is untrusted: faces render it only in the sandbox.
 */
import { z } from 'zod';
import { ApprovalChangeSchema } from './approval.js';

/** `_meta.ui.csp` as the server declares it (MCP Apps `McpUiResourceCsp`): domain lists per directive family. */
export const AppCspSchema = z.object({
  connectDomains: z.array(z.string()).optional(),
  resourceDomains: z.array(z.string()).optional(),
  frameDomains: z.array(z.string()).optional(),
  baseUriDomains: z.array(z.string()).optional(),
});

/** `_meta.ui.permissions` (MCP Apps `McpUiResourcePermissions`): each present key is a permission asked for. */
export const AppPermissionsSchema = z.object({
  camera: z.object({}).optional(),
  microphone: z.object({}).optional(),
  geolocation: z.object({}).optional(),
  clipboardWrite: z.object({}).optional(),
});

/**
 * The app that makes a request through the host (`apps:call-tool`, `apps:read-resource`): the server
 * and tool it was started for and its `ui://` URI. The core checks that this tool declares this app,
 * that the app is served (pin, trust), and routes the request to this server only.
 */
export const AppCallerSchema = z
  .object({ server: z.string().min(1).max(500), tool: z.string().min(1).max(500), resourceUri: z.string().min(1).max(10_000) })
  .strict();
export type AppCaller = z.infer<typeof AppCallerSchema>;

/**
 * A tool's app, fetched with `resources/read` (MIME `text/html;profile=mcp-app`, text or base64 blob,
 * decoded as UTF-8). `csp`, `permissions`, `domain` and `prefersBorder` are the content's `_meta.ui`
 * field where it has one, else the `resources/list` entry's (`{}` when neither declares any).
 */
export const AppResourceSchema = z.object({
  status: z.literal('ok'),
  server: z.string(),
  tool: z.string(),
  /** The `ui://` URI read. */
  uri: z.string(),
  html: z.string(),
  csp: AppCspSchema,
  permissions: AppPermissionsSchema,
  domain: z.string().optional(),
  prefersBorder: z.boolean().optional(),
  /** `sha256:<hex>` of the HTML's UTF-8 bytes. */
  sha256: z.string(),
  /** True when this answer came from the per-server cache (no `resources/read` was sent). */
  cached: z.boolean(),
  /**
   * How many values the configuration supplied (held secrets) were masked in `html` (docs/security.md
   * "Redaction": an app is a result handed on, so only held values are masked, never by pattern;
   * `sha256` is of the HTML as the server sent it). Absent when none.
   */
  redactions: z.number().int().optional(),
  /**
   * The Content-Security-Policy the sandbox puts in force for this app (core/apps/csp.ts
   * `buildAppCsp`; the sandbox appends `frame-ancestors <Switchboard's origin>`), and the declared
   * domains it left out, with why.
   */
  cspPolicy: z.object({ policy: z.string(), dropped: z.array(z.object({ field: z.string(), value: z.unknown(), reason: z.string() })) }),
  /**
   * The frame `allow` attribute `permissions` come to once the person allows them (csp.ts
   * `appAllowAttribute`, e.g. `camera; clipboard-write`); '' when the app asks for none.
   */
  allow: z.string(),
});
export type AppResource = z.infer<typeof AppResourceSchema>;

/**
 * An app that differs from its pin (docs/mcp-apps.md § Pinning): not served until the person accepts
 * it (`pins:accept {server, tool}`, `switchboard pins accept <server> <tool>`). `changes` are the
 * pinned fields that differ: `sha256` (the HTML), `csp`, `permissions` (canonical JSON before/after).
 */
export const AppChangedSchema = z.object({
  status: z.literal('changed'),
  server: z.string(),
  tool: z.string(),
  uri: z.string(),
  before: z.object({ sha256: z.string() }),
  after: z.object({ sha256: z.string() }),
  changes: z.array(ApprovalChangeSchema),
  /** What to run to review and accept it. */
  review: z.string(),
});
export type AppChanged = z.infer<typeof AppChangedSchema>;

/** What `apps:resource` answers: the app, or why it is held. */
export const AppAnswerSchema = z.discriminatedUnion('status', [AppResourceSchema, AppChangedSchema]);
export type AppAnswer = z.infer<typeof AppAnswerSchema>;
