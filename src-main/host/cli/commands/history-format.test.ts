/** `switchboard history`'s text line of a refused gateway call (issue 30 item 4): outcome, host, name asked for and why. */
import { describe, expect, it } from 'vitest';
import { formatRecord } from './history.js';

describe('formatRecord', () => {
  it('shows a refused gateway call with its host, the name asked for and the reason', () => {
    const line = formatRecord({
      id: 'call-1',
      server: 'apps',
      tool: 'refresh',
      args: {},
      startedAt: Date.UTC(2026, 11, 6, 15, 0, 0),
      durationMs: 0,
      outcome: 'refused',
      preview: 'Tool "apps_refresh" is app-only: …',
      via: { host: 'claude-code' },
      refused: { name: 'apps_refresh', code: 'NOT_FOUND', reason: 'Tool "apps_refresh" is app-only: …' },
    });
    expect(line).toBe('2026-12-06 15:00:00  apps  refresh  refused  0 ms  {}  (via: claude-code; refused apps_refresh: Tool "apps_refresh" is app-only: …)  call-1');
  });
});
