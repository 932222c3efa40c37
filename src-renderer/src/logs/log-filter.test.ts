import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src-shared/api/status.js';
import { filterLogs } from './log-view.js';

const line = (seq: number, text: string, level?: LogEntry['level']): LogEntry => ({ seq, server: 's', time: 0, stream: 'stderr', text, ...(level ? { level } : {}) });

describe('log filter', () => {
  const lines = [line(1, 'INFO up', 'info'), line(2, 'plain'), line(3, 'WARN slow', 'warning'), line(4, 'ERROR down', 'error')];
  it('keeps lines at the lowest level or above; unlevelled lines only without a minimum', () => {
    expect(filterLogs(lines, 'warning', '').map((l) => l.seq)).toEqual([3, 4]);
    expect(filterLogs(lines, '', '')).toBe(lines);
  });
  it('searches case-insensitively, combined with the level', () => {
    expect(filterLogs(lines, '', 'DOWN').map((l) => l.seq)).toEqual([4]);
    expect(filterLogs(lines, 'info', 'p').map((l) => l.seq)).toEqual([1]);
  });
});
