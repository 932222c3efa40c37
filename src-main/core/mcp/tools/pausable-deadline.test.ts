import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableDeadline, type PauseSource } from './pausable-deadline.js';

/** A pause source a test switches by hand. */
function switchable(): PauseSource & { set(on: boolean): void } {
  let on = false;
  const listeners = new Set<() => void>();
  return {
    isPaused: () => on,
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    set(v) {
      on = v;
      for (const l of listeners) l();
    },
  };
}

describe('PausableDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires after the timeout when nobody is answering', () => {
    const expired = vi.fn();
    new PausableDeadline(1_000, expired, switchable());
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('stops while a person answers and resumes with the time it had left', () => {
    const expired = vi.fn();
    const pause = switchable();
    const d = new PausableDeadline(1_000, expired, pause);
    vi.advanceTimersByTime(600);
    pause.set(true);
    expect(d.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
    pause.set(false);
    vi.advanceTimersByTime(399);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('progress restarts the full timeout; dispose stops it and unsubscribes', () => {
    const expired = vi.fn();
    const pause = switchable();
    const d = new PausableDeadline(1_000, expired, pause);
    vi.advanceTimersByTime(900);
    d.reset();
    vi.advanceTimersByTime(900);
    expect(expired).not.toHaveBeenCalled();
    d.dispose();
    pause.set(true);
    pause.set(false);
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
  });
});
