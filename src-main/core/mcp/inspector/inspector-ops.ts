/**
 * What the inspector asks a live client (issue 5 §4, §5, §6): resources (paged to the end),
 * templates with their arguments, read, subscribe; prompts list and get; `completion/complete`;
 * `logging/setLevel`. Each function takes the SDK `Client` and a timeout (ms); SDK errors are
 * thrown as they come (the handlers map them to `{code, message}`).
 */
import type { Client } from '@modelcontextprotocol/client';
import { CoreError } from '../../facade/errors.js';
import { offersSubscriptions } from '../../../../src-shared/api/inspector.js';
import { requestPage } from '../connection/list-pages.js';
import { listenStreamOf } from '../connection/listen-stream.js';
import { observeList } from '../client/response-cache.js';
import type { ListCacheState } from '../../../../src-shared/api/list-cache.js';
import { setRequestLogLevel } from '../client/request-meta.js';
import { collectPages, listWarning, MAX_LIST_PAGES } from '../connection/list-pages.js';
import type {
  CompletionOutput,
  GetPromptOutput,
  LoggingLevel,
  PromptInfo,
  ReadResourceOutput,
  ResourceInfo,
  ResourceTemplateInfo,
} from '../../../../src-shared/api/inspector.js';

export { collectPages, MAX_LIST_PAGES } from '../connection/list-pages.js';

/**
 * A list of a 2026-07-28 connection through the SDK's list verb (issue 12 item 3): within the list's
 * `ttlMs` it is served from the client's cache unless `refresh`; `cache` says how it was served.
 */
async function modernList<T>(client: Client, method: string, list: (options: { timeout: number; cacheMode: 'use' | 'refresh' }) => Promise<T>, timeoutMs: number, refresh: boolean) {
  const { value, cache } = await observeList(client, method, () => list({ timeout: timeoutMs, cacheMode: refresh ? 'refresh' : 'use' }));
  return { value, ...(cache ? { cache } : {}) };
}

/** `resources/list` to the end. A server without the resources capability has none. `refresh`: past a fresh cached list (2026-07-28). */
export async function listResources(client: Client, timeoutMs: number, refresh = false): Promise<{ resources: ResourceInfo[]; truncated: boolean; warning?: string; cache?: ListCacheState }> {
  if (!client.getServerCapabilities()?.resources) return { resources: [], truncated: false };
  if (client.getProtocolEra() === 'modern') {
    const r = await modernList(client, 'resources/list', (o) => client.listResources(undefined, o), timeoutMs, refresh);
    return { resources: r.value.resources as ResourceInfo[], truncated: false, ...(r.cache ? { cache: r.cache } : {}) };
  }
  const r = await collectPages(
    async (cursor) => {
      const page = await requestPage(client, 'resources/list', cursor, timeoutMs);
      return { items: (page.resources ?? []) as ResourceInfo[], nextCursor: page.nextCursor as string | undefined };
    },
    MAX_LIST_PAGES,
    (res) => res.uri,
  );
  const warning = listWarning('resources/list', 'resource', { ...r, count: r.items.length });
  return { resources: r.items, truncated: r.truncated, ...(warning ? { warning } : {}) };
}

/**
 * Placeholder names of an RFC 6570 URI template, in order, without duplicates:
 * `file:///{path}{?q,lang}` → `['path', 'q', 'lang']` (operators and `*`/`:N` modifiers dropped).
 */
export function templateArguments(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const m of uriTemplate.matchAll(/\{([^}]*)\}/g)) {
    const body = m[1]!.replace(/^[+#./;?&]/, '');
    for (const part of body.split(',')) {
      const name = part.replace(/(\*|:\d+)$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/**
 * Fill an RFC 6570 level-1/3 template with `values` (simple `{x}`, reserved `{+x}`, query `{?a,b}`);
 * values are percent-encoded except in `{+x}`. Missing values expand to nothing.
 */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return uriTemplate.replace(/\{([^}]*)\}/g, (_all, body: string) => {
    const op = /^[+#./;?&]/.test(body) ? body[0]! : '';
    const names = (op ? body.slice(1) : body).split(',').map((n) => n.replace(/(\*|:\d+)$/, '').trim());
    const present = names.filter((n) => values[n] !== undefined && values[n] !== '');
    const enc = (v: string) => (op === '+' || op === '#' ? encodeURI(v) : encodeURIComponent(v));
    if (op === '?' || op === '&') {
      if (present.length === 0) return '';
      return op + present.map((n) => `${n}=${enc(values[n]!)}`).join('&');
    }
    const joined = present.map((n) => enc(values[n]!)).join(',');
    if (!joined) return '';
    return op === '+' || op === '' ? joined : op + joined;
  });
}

/** `resources/templates/list` to the end, each with its parsed arguments. `refresh` as `listResources`. */
export async function listResourceTemplates(client: Client, timeoutMs: number, refresh = false): Promise<{ templates: ResourceTemplateInfo[]; truncated: boolean; warning?: string; cache?: ListCacheState }> {
  if (!client.getServerCapabilities()?.resources) return { templates: [], truncated: false };
  if (client.getProtocolEra() === 'modern') {
    const r = await modernList(client, 'resources/templates/list', (o) => client.listResourceTemplates(undefined, o), timeoutMs, refresh);
    const templates = r.value.resourceTemplates.map((t) => ({ ...t, arguments: templateArguments(t.uriTemplate) }) as ResourceTemplateInfo);
    return { templates, truncated: false, ...(r.cache ? { cache: r.cache } : {}) };
  }
  const r = await collectPages(
    async (cursor) => {
      const page = await requestPage(client, 'resources/templates/list', cursor, timeoutMs);
      return { items: (page.resourceTemplates ?? []) as { uriTemplate: string }[], nextCursor: page.nextCursor as string | undefined };
    },
    MAX_LIST_PAGES,
    (t) => t.uriTemplate,
  );
  const templates = r.items.map((t) => ({ ...t, arguments: templateArguments(t.uriTemplate) }) as ResourceTemplateInfo);
  const warning = listWarning('resources/templates/list', 'template', { ...r, count: r.items.length });
  return { templates, truncated: r.truncated, ...(warning ? { warning } : {}) };
}

/** `resources/read`: text and base64 blob contents, plus the round trip (ms). */
export async function readResource(client: Client, uri: string, timeoutMs: number): Promise<ReadResourceOutput> {
  const started = performance.now();
  const r = await client.readResource({ uri }, { timeout: timeoutMs });
  return { contents: r.contents as ReadResourceOutput['contents'], durationMs: performance.now() - started };
}

/**
 * `resources/subscribe` or `resources/unsubscribe`. Subscribing needs the server's
 * `resources.subscribe` capability (MCP § Resources, Subscriptions); without it, throws
 * `CoreError('BAD_REQUEST')` saying so and sends nothing (a trial got the server's bare -32601).
 */
export async function setSubscription(client: Client, uri: string, on: boolean, timeoutMs: number): Promise<void> {
  if (on && !offersSubscriptions(client.getServerCapabilities())) {
    throw new CoreError('BAD_REQUEST', 'This server does not offer resource subscriptions: its resources capability has no "subscribe"');
  }
  // 2026-07-28 has no resources/subscribe: the URI joins the connection's listen stream (listen-stream.ts).
  const stream = client.getProtocolEra() === 'modern' ? listenStreamOf(client) : undefined;
  if (stream) return stream.setResource(uri, on);
  if (on) await client.subscribeResource({ uri }, { timeout: timeoutMs });
  else await client.unsubscribeResource({ uri }, { timeout: timeoutMs });
}

/** `prompts/list` to the end. A server without the prompts capability has none. `refresh` as `listResources`. */
export async function listPrompts(client: Client, timeoutMs: number, refresh = false): Promise<{ prompts: PromptInfo[]; truncated: boolean; warning?: string; cache?: ListCacheState }> {
  if (!client.getServerCapabilities()?.prompts) return { prompts: [], truncated: false };
  if (client.getProtocolEra() === 'modern') {
    const r = await modernList(client, 'prompts/list', (o) => client.listPrompts(undefined, o), timeoutMs, refresh);
    return { prompts: r.value.prompts as PromptInfo[], truncated: false, ...(r.cache ? { cache: r.cache } : {}) };
  }
  const r = await collectPages(
    async (cursor) => {
      const page = await requestPage(client, 'prompts/list', cursor, timeoutMs);
      return { items: (page.prompts ?? []) as PromptInfo[], nextCursor: page.nextCursor as string | undefined };
    },
    MAX_LIST_PAGES,
    (p) => p.name,
  );
  const warning = listWarning('prompts/list', 'prompt', { ...r, count: r.items.length });
  return { prompts: r.items, truncated: r.truncated, ...(warning ? { warning } : {}) };
}

/** `prompts/get` with string arguments (empty values dropped). */
export async function getPrompt(client: Client, name: string, args: Record<string, string>, timeoutMs: number): Promise<GetPromptOutput> {
  const filled = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== ''));
  const r = await client.getPrompt({ name, arguments: filled }, { timeout: timeoutMs });
  const out: GetPromptOutput = { messages: r.messages as GetPromptOutput['messages'] };
  if (r.description !== undefined) out.description = r.description;
  return out;
}

/** `completion/complete` for a prompt or resource-template argument. No completions capability → none. */
export async function complete(
  client: Client,
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
  argument: { name: string; value: string },
  context: Record<string, string> | undefined,
  timeoutMs: number,
): Promise<CompletionOutput> {
  if (!client.getServerCapabilities()?.completions) return { values: [] };
  const r = await client.complete(
    { ref, argument, ...(context && Object.keys(context).length ? { context: { arguments: context } } : {}) },
    { timeout: timeoutMs },
  );
  const out: CompletionOutput = { values: r.completion.values };
  if (r.completion.total !== undefined) out.total = r.completion.total;
  if (r.completion.hasMore !== undefined) out.hasMore = r.completion.hasMore;
  return out;
}

/**
 * The server's log level. 2025 era: `logging/setLevel` (throws when the server lacks the logging
 * capability; the handler says so). 2026-07-28: no such request — the level travels in every later
 * request's `_meta` (request-meta.ts). Logging is deprecated in 2026-07-28 either way.
 */
export async function setLoggingLevel(client: Client, level: LoggingLevel, timeoutMs: number): Promise<void> {
  if (client.getProtocolEra() === 'modern') {
    setRequestLogLevel(client, level);
    return;
  }
  await client.setLoggingLevel(level, { timeout: timeoutMs });
}
