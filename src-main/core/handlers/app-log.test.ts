/**
 * `apps:log`'s bounds (app-log.ts) with an injected clock and a real LogStore standing in for the
 * manager's log: the "lines dropped" note is an app line that must fit both bounds, and an app
 * line cannot forge a second line. The handler's path through a real core: apps.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ok } from '../../../src-shared/api/envelope.js';
import type { AppAnswer } from '../../../src-shared/api/apps.js';
import { LogStore } from '../mcp/logs/log-buffer.js';
import { APP_LOG_LINES_PER_WINDOW, APP_LOG_SHARE, APP_LOG_WINDOW_MS, appLogHandlers, escapeControls } from './app-log.js';
import type { CoreContext } from './context.js';

const app = { server: 's', tool: 't', resourceUri: 'ui://s/app' };

function world() {
  const store = new LogStore();
  const ctx = { manager: { logs: (server: string) => store.logs(server), note: (server: string, text: string) => void store.append(server, 'system', text) } } as unknown as CoreContext;
  let t = 0;
  const answer = async () => ok({ uri: app.resourceUri, status: 'ok' } as AppAnswer);
  const log = appLogHandlers(ctx, answer, () => t)['apps:log'];
  const appLines = () => store.logs('s').filter((e) => e.text.startsWith('app log ['));
  return { store, log, appLines, later: () => void (t += APP_LOG_WINDOW_MS) };
}

const lines = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ level: 'info' as const, text: `line ${from + i}` }));

describe('apps:log bounds', () => {
  it('never holds more than its share: a note for dropped lines is skipped when the share is full', async () => {
    const w = world();
    for (let i = 0; i < APP_LOG_SHARE / 10; i++) {
      expect(await w.log({ app, lines: lines(10, i * 10) })).toEqual({ ok: true, data: { logged: 10, dropped: 0 } });
      w.later();
    }
    expect(w.appLines().length).toBe(APP_LOG_SHARE);
    // Five more windows of calls: each is dropped whole, with no note (there is no room for one).
    for (let i = 0; i < 5; i++) {
      expect(await w.log({ app, lines: lines(3) })).toEqual({ ok: true, data: { logged: 0, dropped: 3 } });
      w.later();
    }
    expect(w.appLines().length).toBe(APP_LOG_SHARE);
  });

  it('keeps the note a slot of the window: a window holds at most its 20 lines, the note included', async () => {
    const w = world();
    expect(await w.log({ app, lines: lines(25) })).toEqual({ ok: true, data: { logged: APP_LOG_LINES_PER_WINDOW - 1, dropped: 6 } });
    expect(await w.log({ app, lines: lines(1) })).toEqual({ ok: true, data: { logged: 0, dropped: 1 } });
    const held = w.appLines();
    expect(held.length).toBe(APP_LOG_LINES_PER_WINDOW);
    expect(held.at(-1)?.text).toMatch(/^app log \[warning\] ui:\/\/s\/app: lines dropped: /);
    // A batch that fits whole (20 lines) gets no note and all its lines.
    w.later();
    expect(await w.log({ app, lines: lines(APP_LOG_LINES_PER_WINDOW) })).toEqual({ ok: true, data: { logged: APP_LOG_LINES_PER_WINDOW, dropped: 0 } });
  });

  it('escapes control characters in logger and text: one app line is one log line', async () => {
    const w = world();
    await w.log({ app, lines: [{ level: 'error', logger: 'ui\n', text: 'a\nserver log [error] forged\r\t\u0007\u2028' }] });
    expect(w.appLines().map((e) => e.text)).toEqual(['app log [error] ui://s/app ui\\n: a\\nserver log [error] forged\\r\\t\\u0007\\u2028']);
    expect(escapeControls('plain ünïcode')).toBe('plain ünïcode');
  });
});
