import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { forwardAppLog } from './app-log-forward.js';

const app = { server: 's', tool: 't', resourceUri: 'ui://s/app' };

afterEach(() => void vi.useRealTimers());

describe('forwardAppLog', () => {
  it('sends one batch a second, what is pending at close, and nothing after close', () => {
    vi.useFakeTimers();
    const calls: unknown[] = [];
    const api = { call: (method: string, input: unknown) => (calls.push([method, input]), Promise.resolve({ ok: true, data: {} })) } as unknown as SwitchboardApi;
    const log = forwardAppLog(api, app);
    log.push('info', 'one');
    vi.advanceTimersByTime(1000);
    log.push('bogus', 'two', 'ui');
    log.close();
    log.push('info', 'after close');
    vi.advanceTimersByTime(5000);
    expect(calls).toEqual([
      ['apps:log', { app, lines: [{ level: 'info', text: 'one' }] }],
      ['apps:log', { app, lines: [{ level: 'info', text: 'two', logger: 'ui' }] }],
    ]);
  });
});
