/**
 * Text output of `switchboard channels` and `switchboard triggers` (issue 13). Content is server
 * text: printed on one line, cut, and (by the CLI's output stream) made terminal-safe.
 */
import type { ChannelEntryView, ChannelSummary, TriggerFiring, TriggersState } from '../../../../src-shared/api/channels.js';
import { contentText } from '../../../../src-shared/channels/channel-names.js';
import { whereSummary } from '../../../../src-shared/channels/where-summary.js';
import { formatWarning } from '../format.js';

/** Longest content shown on a line (characters). */
const MAX_LINE_CONTENT = 200;

/** `2026-01-31 14:05:09` in local time. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** One line of content: whitespace runs become one space, cut to `max` characters. */
export function oneLine(text: string, max = MAX_LINE_CONTENT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * `● #12  2026-01-31 14:05:09  mon  alerts/critical  {"message":"disk full"}`: ● unread (the core's
 * rule, the entry's `unread`: not acked, seen, followed or routine), ‖ paused, blank otherwise.
 */
export function formatChannelEntry(e: ChannelEntryView): string {
  const mark = e.paused ? '‖' : e.unread === true ? '●' : ' ';
  return `${mark} #${e.seq}  ${formatTime(e.time)}  ${e.server}  ${e.channel}  ${oneLine(contentText(e.payload))}`;
}

/** `3 unread (mon 2, web 1) · paused: web, mon/alerts · 1 confirmation waiting`. */
export function formatChannelSummary(s: ChannelSummary): string {
  const per = Object.entries(s.unreadByServer).map(([server, n]) => `${server} ${n}`);
  const parts = [`${s.unread} unread${per.length > 0 ? ` (${per.join(', ')})` : ''}`];
  if (s.paused.length > 0) parts.push(`paused: ${s.paused.map((p) => (p.channel ? `${p.server}/${p.channel}` : p.server)).join(', ')}`);
  if (s.pendingConfirmations > 0) parts.push(`${s.pendingConfirmations} confirmation${s.pendingConfirmations === 1 ? '' : 's'} waiting (switchboard triggers)`);
  return parts.join(' · ');
}

/** `14:05:09  disk  #12 mon alerts/critical  notified` plus the result or error. */
export function formatFiring(f: TriggerFiring): string {
  const extra = f.result ? `  → ${f.result.isError ? 'error: ' : ''}${oneLine(f.result.text, 120)}` : f.error ? `  → ${oneLine(f.error, 120)}` : '';
  return `${formatTime(f.time)}  ${f.rule}  #${f.seq} ${f.server} ${f.channel}  ${f.outcome}${f.manual ? ' (run by hand)' : ''}${extra}`;
}

/** The whole `switchboard triggers` view: rules, warnings, pending confirmations, recent firings. */
export function formatTriggers(state: TriggersState, recent = 20): string[] {
  const lines = [`Rules (${state.file}):`];
  if (state.rules.length === 0) lines.push('  (none)');
  for (const { rule, firings, lastFiring, warning } of state.rules) {
    const where = [rule.server ? `server ${rule.server}` : 'any server', rule.channel ? `channel ${rule.channel}` : 'any channel'];
    if (rule.contentRegex) where.push(`/${rule.contentRegex}/`);
    const fields = whereSummary(rule.where);
    if (fields) where.push(fields);
    if (rule.rateLimit) where.push(`at most once per ${rule.rateLimit}`);
    else if (rule.mode === 'auto') where.push(`at most ${state.limits.rulePerMinute} runs a minute`);
    if (rule.action) where.push(`runs ${rule.action.server}/${rule.action.tool}`);
    const last = lastFiring ? ` · last ${formatTime(lastFiring.time)} ${lastFiring.outcome}` : '';
    lines.push(`  ${rule.enabled === false ? '(off) ' : ''}${rule.name}  ${rule.mode}  ${where.join(' · ')}  — fired ${firings}${last}`);
    if (warning) lines.push(`      warning: ${warning}`);
  }
  lines.push(`Automatic rules together run at most ${state.limits.autoPerMinute} actions a minute ("autoPerMinute"); past a ceiling a firing waits for confirmation.`);
  if (state.warnings.length > 0) lines.push('', 'Warnings:', ...state.warnings.map((w) => `  ${formatWarning(w)}`));
  if (state.pending.length > 0) {
    lines.push('', 'Waiting for confirmation (switchboard triggers confirm <id> [--decline]):');
    for (const p of state.pending) {
      lines.push(`  ${p.id}  ${p.rule}  #${p.seq} ${p.server} ${p.channel}  ${oneLine(p.prompt, 160)}`);
      if (p.reason) lines.push(`      waits because ${p.reason}`);
      if (p.action) lines.push(`      would run ${p.action.server}/${p.action.tool} ${oneLine(JSON.stringify(p.action.arguments), 160)}`);
    }
  }
  const shown = state.firings.slice(-recent);
  if (shown.length > 0) lines.push('', 'Recent firings:', ...shown.map((f) => `  ${formatFiring(f)}`));
  return lines;
}
