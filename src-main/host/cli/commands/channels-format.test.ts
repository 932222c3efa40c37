import { describe, expect, it } from 'vitest';
import type { ChannelEntryView } from '../../../../src-shared/api/channels.js';
import { formatChannelEntry, formatTriggers } from './channels-format.js';

describe('formatChannelEntry', () => {
  it('marks ● only what the core counts as unread: a seen or routine entry that is not acked has no mark (a trial saw ● beside "0 unread")', () => {
    const base = { seq: 7, time: Date.UTC(2026, 0, 31, 14, 5, 9), server: 'mon', channel: 'alerts', method: 'notifications/alerts', payload: { message: 'x' }, acked: false };
    const mark = (e: Partial<ChannelEntryView>): string => formatChannelEntry({ ...base, ...e } as ChannelEntryView).slice(0, 1);
    expect([mark({ unread: true }), mark({ unread: false }), mark({}), mark({ acked: true }), mark({ paused: true })]).toEqual(['●', ' ', ' ', ' ', '‖']);
  });
});

describe('formatTriggers', () => {
  it('a rule with "where" lists its payload pairs (issue 34 item 4)', () => {
    const lines = formatTriggers({
      file: '/data/triggers.json',
      rules: [{ rule: { name: 'db-errors', channel: 'jobs', mode: 'notify', where: { '$.level': 'error', '$.n': 2 } }, firings: 0 }],
      warnings: [],
      limits: { autoPerMinute: 60, rulePerMinute: 10 },
      pending: [],
      firings: [],
    });
    expect(lines[1]).toBe('  db-errors  notify  any server · channel jobs · where $.level = "error", $.n = 2  — fired 0');
  });
});
