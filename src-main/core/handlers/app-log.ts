/**
 * `apps:log` (issue 33 item 3; ext-apps spec 2026-01-26: the app's `notifications/message`;
 * docs/mcp-apps.md § The app's log lines): a running app's log lines go into its server's log, the
 * per-server ring the Logs tab and `logs:get` show (mcp/logs/log-buffer.ts), as system lines
 * `app log [<level>] <ui:// URI>[ <logger>]: <text>` — marked as the app's, levelled like a server's
 * `server log [<level>]` line (log-level.ts), redacted by the store like every line. Text only: the
 * face turns a non-string `data` into JSON text.
 *
 * The app is checked as for `apps:call-tool` (app-requests.ts `refusal`). Bounded per server so a
 * flooding app cannot evict the server's own lines:
 * - at most `APP_LOG_LINES_PER_WINDOW` (20) app lines per `APP_LOG_WINDOW_MS` (10 s) window, and
 * - never more than `APP_LOG_SHARE` (a quarter of the ring: 50 of 200) app lines held in the log,
 *   so the server's own last 150 lines stay whatever the app sends.
 * Lines past either bound are dropped; the first drop of a window adds one line saying so. That note
 * is an app line too and must fit both bounds: a batch that does not fit whole leaves it a slot, and
 * when neither bound has room the note is skipped (the face still hears `dropped`).
 *
 * Control characters (a newline could forge a second line in `switchboard logs`) in `logger` and
 * `text` are written escaped: `\n`, `\r`, `\t`, else `\u00XX` (also U+2028/U+2029).
 */
import { ok, type Result } from '../../../src-shared/api/envelope.js';
import type { AppAnswer } from '../../../src-shared/api/apps.js';
import { DEFAULT_LOG_CAPACITY } from '../mcp/logs/log-buffer.js';
import { refusal } from './app-requests.js';
import type { CoreContext, HandlerGroup } from './context.js';

export const APP_LOG_WINDOW_MS = 10_000;
export const APP_LOG_LINES_PER_WINDOW = 20;
export const APP_LOG_SHARE = Math.floor(DEFAULT_LOG_CAPACITY / 4);
const APP_LINE = /^app log \[/;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each control character escaped (`\n`, `\r`, `\t`, else `\uXXXX`): one log line stays one line. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface Window {
  start: number;
  used: number;
  noted: boolean;
}

export function appLogHandlers(ctx: CoreContext, answer: (server: string, tool: string) => Promise<Result<AppAnswer>>, now: () => number = Date.now): HandlerGroup<'apps:log'> {
  const windows = new Map<string, Window>();
  /** The server's window, a new one when the last has passed. */
  const windowOf = (server: string): Window => {
    const t = now();
    const w = windows.get(server);
    if (w && t - w.start < APP_LOG_WINDOW_MS) return w;
    const fresh = { start: t, used: 0, noted: false };
    windows.set(server, fresh);
    return fresh;
  };
  return {
    'apps:log': async ({ app, lines, dropped = 0 }) => {
      const refused = await refusal(app, answer);
      if (refused) return refused;
      const w = windowOf(app.server);
      const held = ctx.manager.logs(app.server).filter((e) => e.stream === 'system' && APP_LINE.test(e.text)).length;
      const room = Math.max(0, Math.min(APP_LOG_LINES_PER_WINDOW - w.used, APP_LOG_SHARE - held));
      // The note's slot is kept when the batch does not fit whole (and a note is still due).
      const overflows = lines.length > room || dropped > 0;
      const note = overflows && !w.noted && room > 0;
      const logged = Math.min(lines.length, room - (note ? 1 : 0));
      for (const line of lines.slice(0, logged)) {
        ctx.manager.note(app.server, `app log [${line.level}] ${app.resourceUri}${line.logger ? ` ${escapeControls(line.logger)}` : ''}: ${escapeControls(line.text)}`);
      }
      w.used += logged;
      const lost = lines.length - logged + dropped;
      if (note) {
        w.noted = true;
        w.used++;
        ctx.manager.note(
          app.server,
          `app log [warning] ${app.resourceUri}: lines dropped: an app logs at most ${APP_LOG_LINES_PER_WINDOW} lines per ${APP_LOG_WINDOW_MS / 1000} s and holds at most ${APP_LOG_SHARE} lines of its server's log`,
        );
      }
      return ok({ logged, dropped: lost });
    },
  };
}
