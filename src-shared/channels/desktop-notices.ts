/**
 * Which desktop notifications a batch of rule firings raises (issue 13): Electron's `Notification`
 * in the app and the browser's Notification API in web mode show exactly these. Pure.
 */
import type { TriggerFiring } from '../api/channels.js';

/** One desktop notification. */
export interface DesktopNotice {
  title: string;
  body: string;
  /** A confirmation to open when clicked. */
  confirmation?: string;
  /** Replaces an earlier notice with the same tag (per rule), so a burst does not pile up. */
  tag: string;
}

/** Longest body (characters); desktop notification centres cut anyway. */
const MAX_BODY = 300;
/** More notices than this in one batch become one summary notice. */
export const MAX_NOTICES_PER_BATCH = 3;

const cut = (text: string): string => (text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text);

/**
 * The notices for `firings`: `notify` → the rule's prompt; `confirm` waiting → "confirmation
 * needed" (click opens it); `auto` ended → its result or failure. Skips (rate limit, loop guard)
 * and running actions raise nothing. More than `MAX_NOTICES_PER_BATCH` → one summary notice.
 */
export function desktopNotices(firings: readonly TriggerFiring[]): DesktopNotice[] {
  const out: DesktopNotice[] = [];
  for (const f of firings) {
    if (f.outcome === 'notified') out.push({ title: `${f.rule} · ${f.server}`, body: cut(f.prompt), tag: `rule:${f.rule}` });
    else if (f.outcome === 'pending') out.push({ title: `Confirm "${f.rule}"?`, body: cut(f.prompt), confirmation: f.id, tag: `confirm:${f.id}` });
    else if (f.mode === 'auto' && (f.outcome === 'ran' || f.outcome === 'failed')) {
      const what = f.outcome === 'failed' ? `failed: ${f.error ?? 'unknown error'}` : f.result?.isError ? `tool error: ${f.result.text}` : `ran ${f.action?.server}/${f.action?.tool}`;
      out.push({ title: `${f.rule} · ${f.server}`, body: cut(what), tag: `rule:${f.rule}` });
    }
  }
  if (out.length <= MAX_NOTICES_PER_BATCH) return out;
  const confirmations = out.filter((n) => n.confirmation).length;
  return [
    {
      title: `${out.length} notifications from MCP servers`,
      body: confirmations > 0 ? `${confirmations} waiting for your confirmation` : [...new Set(out.map((n) => n.title))].slice(0, 3).join(', '),
      tag: 'summary',
    },
  ];
}
