/**
 * `tools/list` to the end (`listAllTools`, docs/tool-bridge.md): the walk every connection and the
 * `test` verb use, on either protocol era. Moved out of the dissolved connection-helpers.ts (issue 29).
 */
import type { Client, Tool } from '@modelcontextprotocol/client';
import { observeList } from '../client/response-cache.js';
import { exclusionsOf, type ExcludedTool } from '../transport/tool-headers.js';
import type { ListCacheState } from '../../../../src-shared/api/list-cache.js';
import { collectPages, listWarning, MAX_LIST_PAGES, requestPage } from '../connection/list-pages.js';
import { keepableTools } from './tool-validity.js';

/** Pages of `tools/list` followed at most. */
export const MAX_TOOL_PAGES = MAX_LIST_PAGES;

/** More of `listAllTools`: 2026-07-28 connections only. */
export interface ListToolsExtras {
  /** Tools the SDK left out for an invalid `x-mcp-header` declaration (docs/protocol-eras.md), each with the SDK's reason. */
  onExcluded?: (excluded: ExcludedTool[]) => void;
  /** `refresh`: fetch even when the held list is still fresh (a person asked, or changes may have gone unheard). Default `use`. */
  cacheMode?: 'use' | 'refresh';
  /** How the list was served (absent: not held, e.g. a bypass). */
  onCache?: (cache: ListCacheState | undefined) => void;
}

/**
 * `tools/list` to the end: follows `nextCursor`, stops on an empty or repeated cursor, at most
 * `MAX_TOOL_PAGES` pages. A server without the tools capability has no tools. `onLatency` gets
 * each page's round trip (ms).
 *
 * On a 2026-07-28 connection the SDK's `listTools()` does the walk instead (issue 12 items 3-4): it
 * leaves out tools with an invalid `x-mcp-header` declaration (reported through
 * `extras.onExcluded`), keeps the list the SDK's `callTool()` mirrors `Mcp-Param-*` headers from,
 * and serves a list still fresh by its `ttlMs` without a round trip (`onLatency` is then not called).
 */
export async function listAllTools(
  client: Client,
  timeoutMs: number,
  onLatency?: (ms: number) => void,
  onRepeat?: (warning: string) => void,
  extras: ListToolsExtras = {},
): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  if (client.getProtocolEra() === 'modern') return listModernTools(client, timeoutMs, onLatency, extras);
  const leftOut: string[] = [];
  const walk = await collectPages(
    async (cursor) => {
      const started = performance.now();
      const result = await requestPage(client, 'tools/list', cursor, timeoutMs);
      onLatency?.(performance.now() - started);
      // The page is parsed leniently (invalid tools are shown, flagged); what cannot be named is left out.
      const page = keepableTools(result['tools']);
      leftOut.push(...page.leftOut);
      return { items: page.tools, nextCursor: typeof result['nextCursor'] === 'string' ? result['nextCursor'] : undefined };
    },
    MAX_TOOL_PAGES,
    // Issue 14 item 7: a server that pages wrongly sends tools again; keep the first of each name.
    (t) => t.name,
  );
  const warning = [listWarning('tools/list', 'tool', { ...walk, count: walk.items.length }), ...leftOut.map((w) => `tools/list: ${w}`)].filter((w) => w !== undefined).join('; ');
  if (warning) onRepeat?.(warning);
  return walk.items;
}

/** `listAllTools` on a 2026-07-28 connection: the SDK's walk, cache and `x-mcp-header` rule; duplicates by name dropped. */
async function listModernTools(client: Client, timeoutMs: number, onLatency: ((ms: number) => void) | undefined, extras: ListToolsExtras): Promise<Tool[]> {
  const started = performance.now();
  const value = await observeList(client, 'tools/list', () => client.listTools(undefined, { timeout: timeoutMs, cacheMode: extras.cacheMode ?? 'use' }));
  // What the SDK left out of this very result (a list served from the cache was not filtered again).
  const excluded = value.fetched ? exclusionsOf(value.value) : [];
  // A list served from the cache made no round trip: no latency to record.
  if (value.fetched) onLatency?.(performance.now() - started);
  extras.onCache?.(value.cache);
  if (excluded.length > 0 || value.fetched) extras.onExcluded?.(excluded);
  const names = new Set<string>();
  return value.value.tools.filter((t) => !names.has(t.name) && names.add(t.name));
}

