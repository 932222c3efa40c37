/** `apps:*`: MCP Apps (issue 33, docs/mcp-apps.md). */
import { z } from 'zod';
import { AppAnswerSchema, AppCallerSchema } from '../apps.js';
import { ReadResourceOutputSchema } from '../inspector.js';
import { LogLevelSchema, ToolCallResultSchema } from '../status.js';
import { Empty, ServerName } from './common.js';

export const appsMethods = {
  /**
   * The app of `server`'s `tool` (`status: 'ok'`), or `status: 'changed'` when it differs from its pin
   * (docs/mcp-apps.md § Pinning: not served until accepted) (its `_meta.ui.resourceUri`), read with `resources/read` and cached per
   * server until `notifications/resources/list_changed` or a new connection. Errors: NOT_FOUND (unknown
   * tool, or a tool with no app), UNTRUSTED (its server is untrusted or changed), PROTOCOL_ERROR (wrong MIME type, no content, a `_meta.ui` that is not
   * MCP Apps'), and the read's own failure (NOT_CONNECTED, TIMEOUT, …).
   */
  'apps:resource': { input: z.object({ server: ServerName, tool: z.string().min(1).max(500) }).strict(), output: AppAnswerSchema },
  /**
   * Where the MCP Apps sandbox runs (docs/mcp-apps.md § Sandbox): `{origin}` (`http://127.0.0.1:<port>`)
   * while a sandbox serves this core's page (the web host's, or the desktop window's own), else null
   * (a one-shot CLI core; a window whose sandbox did not start).
   */
  'apps:sandbox': { input: Empty, output: z.object({ origin: z.string() }).nullable() },
  /**
   * A running app's own `tools/call` (docs/mcp-apps.md § What the app may ask): `name` on the app's
   * server only, and only a tool whose `_meta.ui.visibility` includes `app`; refused (with the words
   * of docs/mcp-apps.md) when `app` is not that tool's app, the app is held by its pin, or the server
   * is untrusted/changed. Then the one call path (`tools:call`: trace, history, redaction).
   * Errors: BAD_REQUEST (another server's tool, not visible to apps, not that tool's app),
   * UNTRUSTED (server untrusted/changed, app changed since pinned), and the call's own.
   */
  'apps:call-tool': {
    input: z
      .object({
        app: AppCallerSchema,
        name: z.string().min(1).max(500),
        arguments: z.record(z.string(), z.unknown()).default({}),
        previewChars: z.number().int().min(1024).max(1_000_000).optional(),
      })
      .strict(),
    output: ToolCallResultSchema,
  },
  /** A running app's `resources/read`: read from the app's own server only, after the same checks as `apps:call-tool`. */
  'apps:read-resource': { input: z.object({ app: AppCallerSchema, uri: z.string().min(1).max(10_000) }).strict(), output: ReadResourceOutputSchema },
  /**
   * A running app's `notifications/message` (docs/mcp-apps.md § The app's log lines): text lines into
   * its server's log (what `logs:get` and the Logs tab show) as `app log [<level>] <ui:// URI>[ <logger>]: <text>`,
   * redacted like every log line, after the same checks as `apps:call-tool`. `dropped` counts lines the
   * face did not send (its own batching bound). Rate-limited per server (handlers/app-log.ts): lines
   * past the bound are not logged (`logged` counts those that were). Errors: those of `apps:call-tool`'s checks.
   */
  'apps:log': {
    input: z
      .object({
        app: AppCallerSchema,
        lines: z.array(z.object({ level: LogLevelSchema, logger: z.string().max(200).optional(), text: z.string().max(100_000) }).strict()).max(100),
        dropped: z.number().int().min(0).optional(),
      })
      .strict(),
    output: z.object({ logged: z.number().int(), dropped: z.number().int() }),
  },
} as const;
