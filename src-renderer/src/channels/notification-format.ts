/** Display helpers of the notification views (issue 13). Pure. */
import { contentText } from '../../../src-shared/channels/channel-names.js';
import { clockTime as dayTime } from '../../../src-shared/format-clock.js';

/** `14:05:09` (or `2026-01-31 14:05:09` with `date`) in local time. */
export function clockTime(ms: number, date = false): string {
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  const time = dayTime(ms);
  return date ? `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}` : time;
}

/** One line of a notification's content, cut to `max` characters. */
export function contentPreview(payload: unknown, max = 240): string {
  const flat = contentText(payload).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
