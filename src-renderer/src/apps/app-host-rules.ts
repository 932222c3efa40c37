/**
 * How the window hosts an app (docs/mcp-apps.md § The bridge; ext-apps spec 2026-01-26 § Display
 * Modes, § Requests): the display mode granted, what an agent would receive from `ui/message` and
 * `ui/update-model-context` as text, and which links may be opened. Pure. (What an app may reach on
 * its server is decided in the core: handlers/app-requests.ts.)
 */
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The display modes this host offers (`HostContext.availableDisplayModes`). */
export const HOST_DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/**
 * The mode a `ui/request-display-mode` gets: the one asked for when the host offers it and the app
 * declared it (`appCapabilities.availableDisplayModes`, any when undeclared), else `current` (the
 * spec: "Host MUST return the resulting mode"; "SHOULD return the current display mode").
 */
export function grantDisplayMode(requested: unknown, appModes: readonly string[] | undefined, current: McpUiDisplayMode): McpUiDisplayMode {
  const mode = HOST_DISPLAY_MODES.find((m) => m === requested);
  if (!mode || (appModes && !appModes.includes(mode))) return current;
  return mode;
}

/** One content block as text: its `text`, else `[<type> block]` (text only: nothing else is shown). */
function blockText(block: unknown): string {
  const b = block !== null && typeof block === 'object' ? (block as { type?: unknown; text?: unknown }) : {};
  if (b.type === 'text' && typeof b.text === 'string') return b.text;
  return `[${typeof b.type === 'string' ? b.type : 'unknown'} block]`;
}

/**
 * What an agent would receive, as text: `ui/message`'s `role: text` (`content` one block or a list),
 * or `ui/update-model-context`'s content blocks and `structuredContent` as JSON, one per line.
 */
export function agentText(params: { role?: unknown; content?: unknown; structuredContent?: unknown }): string {
  const blocks = params.content === undefined ? [] : Array.isArray(params.content) ? params.content : [params.content];
  const lines = blocks.map(blockText);
  if (params.structuredContent !== undefined) lines.push(JSON.stringify(params.structuredContent));
  const text = lines.join('\n');
  return typeof params.role === 'string' ? `${params.role}: ${text}` : text;
}

/** The `http:`/`https:` URL `ui/open-link` may open, or why not (the app gets `Invalid URL: …`). */
export function linkToOpen(url: unknown): { url: string } | { problem: string } {
  if (typeof url !== 'string') return { problem: 'Invalid URL: not a string' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'Invalid URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { problem: `Invalid URL: only http and https links are opened, not ${parsed.protocol}` };
  return { url: parsed.href };
}
