/**
 * Channel names and matching (docs/channels.md), pure so the core, the CLI and the renderer agree.
 *
 * A notification's *channel* is its method without the `notifications/` prefix
 * (`notifications/alerts/critical` → `alerts/critical`); a log message
 * (`notifications/message`) with a `logger` also counts as `message/<logger>`. Channel patterns —
 * in the per-server `channels` allow-list, trigger rules and filters — match hierarchically:
 * `message` matches `message` and `message/db`, `alerts` matches `alerts/critical`; `*` matches
 * everything and a trailing `/*` means "anything under".
 */

/** The JSON-RPC method prefix every MCP notification carries. */
export const NOTIFICATION_PREFIX = 'notifications/';

/**
 * Methods whose notifications are protocol bookkeeping, not channel entries: progress (it belongs
 * to a running request and drives its progress bar, issue 13) and the acknowledgement that opens
 * a 2026-07-28 `subscriptions/listen` stream.
 */
export const NOT_CHANNEL_METHODS: ReadonlySet<string> = new Set(['notifications/progress', 'notifications/subscriptions/acknowledged']);

/** Longest logger name kept in a channel (characters); longer names are cut. */
const MAX_LOGGER_LENGTH = 100;

/**
 * The channel of a notification, or `undefined` when it is not a channel entry
 * (`NOT_CHANNEL_METHODS`). `notifications/message` with a string `params.logger` →
 * `message/<logger>`; any other method → the method without `notifications/` (a method without
 * that prefix is its own channel).
 */
export function channelOf(method: string, params?: unknown): string | undefined {
  if (NOT_CHANNEL_METHODS.has(method)) return undefined;
  const bare = method.startsWith(NOTIFICATION_PREFIX) ? method.slice(NOTIFICATION_PREFIX.length) : method;
  if (bare === 'message' && params && typeof params === 'object') {
    const logger = (params as { logger?: unknown }).logger;
    if (typeof logger === 'string' && logger.trim() !== '') return `message/${logger.trim().slice(0, MAX_LOGGER_LENGTH)}`;
  }
  return bare === '' ? method : bare;
}

/**
 * Whether `channel` matches `pattern`: equal, or under it (`pattern/…`), or the pattern is `*`, or
 * the pattern ends in `/*` and the channel is under its prefix. Case-sensitive (methods are).
 */
export function channelMatches(pattern: string, channel: string): boolean {
  const p = pattern.trim();
  if (p === '*' || p === '') return true;
  const base = p.endsWith('/*') ? p.slice(0, -2) : p;
  if (p.endsWith('/*')) return channel.startsWith(`${base}/`);
  return channel === base || channel.startsWith(`${base}/`);
}

/**
 * A server's `channels` allow-list: patterns (`channelMatches`, Switchboard's own file and every host
 * but ChatCLI), or `{literal}` names that must equal the channel (ChatCLI's servers: its docs call the
 * list a literal allow-list, so `alerts` there does not cover `alerts/critical`; issue 28 item 6).
 */
export type ChannelAllowList = readonly string[] | { readonly literal: readonly string[] };

/**
 * Whether a server's `channels` allow-list lets `channel` through: an absent list allows every
 * channel; an empty list allows none; otherwise any matching pattern (`channelMatches`), or for a
 * literal list any name equal to the channel.
 */
export function channelAllowed(allowList: ChannelAllowList | undefined, channel: string): boolean {
  if (allowList === undefined) return true;
  if ('literal' in allowList) return allowList.literal.includes(channel);
  return allowList.some((pattern) => channelMatches(pattern, channel));
}

/** The allow-list of a definition's `channels`: literal for ChatCLI's servers, patterns elsewhere (`ChannelAllowList`). */
export function allowListOf(def: { channels?: string[]; source: { host: string } } | undefined): ChannelAllowList | undefined {
  if (def?.channels === undefined) return undefined;
  return def.source.host === 'chatcli' ? { literal: def.channels } : def.channels;
}

/**
 * The text of a notification, what a rule's `{{content}}` becomes (issue 28 item 10, as ChatCLI
 * renders it): a log message's string `data`; else the params' string `content` (ChatCLI's and
 * Claude Code's channel notifications), `text` or `message`, the first present; else `contentText`
 * (the params as JSON).
 */
export function notificationText(payload: unknown): string {
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const p = payload as Record<string, unknown>;
    if (!('level' in p && typeof p.data === 'string')) {
      const text = [p.content, p.text, p.message].find((v): v is string => typeof v === 'string');
      if (text !== undefined) return text;
    }
  }
  return contentText(payload);
}

/**
 * The content of a notification as text, what `contentRegex` sees: a log
 * message's `data` when it is a string; otherwise the params as JSON (`{}` when there are none).
 */
export function contentText(payload: unknown): string {
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const data = (payload as { data?: unknown }).data;
    if (typeof data === 'string' && 'level' in payload) return data;
  }
  if (payload === undefined) return '{}';
  try {
    return JSON.stringify(payload) ?? '{}';
  } catch {
    return String(payload);
  }
}
