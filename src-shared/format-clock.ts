/**
 * The one time-of-day format of every view and the CLI (trial 13: Logs said 15:59:46.120 while
 * History said "3:59:46 AM"): 24-hour local time, `HH:MM:SS`, or `HH:MM:SS.mmm` with `withMs`
 * (logs and trace lines, where events a few ms apart must read apart). Pure.
 */
export function clockTime(ms: number, withMs = false): string {
  const d = new Date(ms);
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const time = `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return withMs ? `${time}.${p(d.getMilliseconds(), 3)}` : time;
}
