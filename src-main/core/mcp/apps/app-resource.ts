/**
 * Reading a tool's MCP App (MCP Apps 2026-01-26, *UI Resource Format*; docs/mcp-apps.md): the
 * `ui://` resource through `resources/read`, which must be `text/html;profile=mcp-app` as text or a
 * base64 blob; its `_meta.ui` (`csp`, `permissions`, `domain`, `prefersBorder`) field by field from
 * the read content, else from the `resources/list` entry. Each `_meta.ui` is checked with the SDK's
 * `McpUiResourceMetaSchema` (server text is untrusted). Failures are `CoreError`s with clear words.
 */
import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { McpUiResourceMetaSchema } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppResource } from '../../../../src-shared/api/apps.js';
import { CoreError } from '../../facade/errors.js';
import { APP_MIME_TYPE } from './apps-extension.js';

/** What `readApp` returns: the resource minus who asked (`server`, `tool`), `status` and `cached`. */
export type AppContent = Omit<AppResource, 'status' | 'server' | 'tool' | 'cached' | 'cspPolicy' | 'allow'>;

/** `sha256:<hex>` of `text`'s UTF-8 bytes. */
export function appDigest(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** The `_meta.ui` of a content or list entry, checked; `where` names it in the error. */
function uiMeta(meta: unknown, uri: string, where: string): Record<string, unknown> {
  const ui = typeof meta === 'object' && meta !== null ? (meta as { ui?: unknown }).ui : undefined;
  if (ui === undefined) return {};
  const parsed = McpUiResourceMetaSchema.safeParse(ui);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new CoreError('PROTOCOL_ERROR', `The app ${uri}: its ${where} _meta.ui is not MCP Apps' (${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'})`);
  }
  return parsed.data as Record<string, unknown>;
}

/**
 * Build the app from one read content and the list entry's `_meta` (undefined when the list has no
 * entry for `uri`). PROTOCOL_ERROR for another MIME type, neither text nor blob, or a bad `_meta.ui`.
 */
export function appFromContent(uri: string, content: Record<string, unknown>, listMeta: unknown): AppContent {
  const mime = typeof content.mimeType === 'string' ? content.mimeType : undefined;
  if (mime !== APP_MIME_TYPE) {
    throw new CoreError('PROTOCOL_ERROR', `The app ${uri} is ${mime === undefined ? 'without a MIME type' : `"${mime}"`}, not "${APP_MIME_TYPE}": Switchboard serves only MCP Apps HTML`);
  }
  let html: string;
  if (typeof content.text === 'string') html = content.text;
  else if (typeof content.blob === 'string') html = Buffer.from(content.blob, 'base64').toString('utf8');
  else throw new CoreError('PROTOCOL_ERROR', `The app ${uri} has neither text nor blob`);
  const fromList = uiMeta(listMeta, uri, 'resources/list entry');
  const fromContent = uiMeta(content._meta, uri, 'content');
  const pick = (key: string): unknown => fromContent[key] ?? fromList[key];
  const app: AppContent = { uri, html, csp: (pick('csp') ?? {}) as AppContent['csp'], permissions: (pick('permissions') ?? {}) as AppContent['permissions'], sha256: appDigest(html) };
  const domain = pick('domain');
  if (typeof domain === 'string') app.domain = domain;
  const border = pick('prefersBorder');
  if (typeof border === 'boolean') app.prefersBorder = border;
  return app;
}

/**
 * Read the app at `uri` on `client`: `resources/list` (for the entry's `_meta.ui`, when the server
 * offers resources) and `resources/read`, each within `timeoutMs`. The content whose `uri` matches is
 * used, else the first; PROTOCOL_ERROR when the read returns none.
 */
export async function readApp(client: Client, uri: string, timeoutMs: number): Promise<AppContent> {
  const read = await client.readResource({ uri }, { timeout: timeoutMs });
  const contents = read.contents as Record<string, unknown>[];
  const content = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!content) throw new CoreError('PROTOCOL_ERROR', `The app ${uri}: resources/read returned no content`);
  let listMeta: unknown;
  if (client.getServerCapabilities()?.resources) {
    // Without a cursor the SDK's listResources walks every page (its listMaxPages cap, 64) and
    // answers the whole list, so an app listed on a later page keeps its entry's `_meta.ui`.
    const listed = await client.listResources(undefined, { timeout: timeoutMs });
    listMeta = (listed.resources.find((r) => r.uri === uri) as { _meta?: unknown } | undefined)?._meta;
  }
  return appFromContent(uri, content, listMeta);
}
