import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_LINGER_MS, gatewayLingerMs, startLinger } from './owner-linger.js';

describe('the headless owner’s linger (issue 30 item 5)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('is 60 s unless SWITCHBOARD_GATEWAY_LINGER_MS is a whole number', () => {
    expect(GATEWAY_LINGER_MS).toBe(60_000);
    expect(gatewayLingerMs({})).toBe(60_000);
    expect(gatewayLingerMs({ SWITCHBOARD_GATEWAY_LINGER_MS: '1500' })).toBe(1500);
    expect(gatewayLingerMs({ SWITCHBOARD_GATEWAY_LINGER_MS: '1.5s' })).toBe(60_000);
    expect(gatewayLingerMs({ SWITCHBOARD_GATEWAY_LINGER_MS: '-1' })).toBe(60_000);
  });

  it('ends lingerMs after the last gateway client, not while a door or a page is attached; CLI verbs do not count', () => {
    const idle = vi.fn();
    const linger = startLinger(1000, idle);
    linger.update({ gateway: 1, page: 0, cli: 0 });
    vi.advanceTimersByTime(5000);
    expect(idle).not.toHaveBeenCalled();
    linger.update({ gateway: 0, page: 1, cli: 0 });
    vi.advanceTimersByTime(5000);
    expect(idle).not.toHaveBeenCalled();
    linger.update({ gateway: 0, page: 0, cli: 2 });
    vi.advanceTimersByTime(999);
    expect(idle).not.toHaveBeenCalled();
    linger.update({ gateway: 0, page: 0, cli: 1 });
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    linger.update({ gateway: 0, page: 0, cli: 0 });
    vi.advanceTimersByTime(5000);
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('ends lingerMs after the start when no client ever attaches; stop() clears it', () => {
    const idle = vi.fn();
    startLinger(1000, idle);
    vi.advanceTimersByTime(1000);
    expect(idle).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    startLinger(1000, other).stop();
    vi.advanceTimersByTime(5000);
    expect(other).not.toHaveBeenCalled();
  });
});
