import { describe, expect, it } from 'vitest';
import { formatTriggers } from './channels-format.js';

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
