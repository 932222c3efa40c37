/** `apps:*`: MCP Apps (issue 33, docs/mcp-apps.md). */
import { z } from 'zod';
import { AppAnswerSchema } from '../apps.js';
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
   * while a web host serves this core, else null (a one-shot CLI core; the Electron window, for now).
   */
  'apps:sandbox': { input: Empty, output: z.object({ origin: z.string() }).nullable() },
} as const;
