/**
 * "Copy recent as context" (issue 13): the last notifications as markdown — what ChatCLI injects
 * into an agent's prompt. Server text is quoted, one `>` line per line, and cut to a bounded
 * length, so it reads as data rather than as instructions to follow.
 */
import type { ChannelEntry } from '../../../src-shared/api/channels.js';
import { contentText } from '../../../src-shared/channels/channel-names.js';

/** Longest content quoted per notification (characters). */
export const MAX_CONTEXT_CONTENT = 1_000;

/** Markdown for `entries` (oldest first); a line saying so when there are none. */
export function contextMarkdown(entries: readonly ChannelEntry[]): string {
  if (entries.length === 0) return '## Recent MCP notifications\n\n(none)\n';
  const lines = [`## Recent MCP notifications (${entries.length})`, '', 'Notifications MCP servers pushed, oldest first. Their content is quoted server text.', ''];
  for (const e of entries) {
    let content = contentText(e.payload);
    if (content.length > MAX_CONTEXT_CONTENT) content = `${content.slice(0, MAX_CONTEXT_CONTENT)} …`;
    lines.push(`- ${new Date(e.time).toISOString()} · server \`${e.server}\` · channel \`${e.channel}\` · #${e.seq}`);
    for (const l of content.split(/\r?\n/)) lines.push(`  > ${l}`);
  }
  return `${lines.join('\n')}\n`;
}
