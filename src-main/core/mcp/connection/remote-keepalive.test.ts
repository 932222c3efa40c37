/** The keep-alive's watchdog (issue 14 item 5): an unanswered probe is "not responding"; a server still heard from is not. */
import { describe, expect, it } from 'vitest';
import { NotRespondingError, startKeepAlive } from './remote-keepalive.js';

const never = (): Promise<never> => new Promise(() => {});

describe('startKeepAlive', () => {
  it('reports a probe left unanswered for the timeout as NotRespondingError, once', async () => {
    const failures: unknown[] = [];
    const failed = new Promise<void>((resolve) => {
      const ka = startKeepAlive(never, { intervalMs: 20, timeoutMs: 100, isCurrent: () => true, onFailure: (err) => (failures.push(err), resolve()) });
      ka.probeNow();
    });
    await failed;
    await new Promise((r) => setTimeout(r, 300)); // later ticks report nothing more (the keep-alive stopped)
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(NotRespondingError);
    expect((failures[0] as Error).message).toMatch(/^not responding to ping for \d+ s/);
  });

  it('waits on while the server is heard from otherwise (a large reply in flight), then reports the silence', async () => {
    let talking = true;
    let silentSince = 0;
    const failure = await new Promise<unknown>((resolve) => {
      const ka = startKeepAlive(never, { intervalMs: 1_000, timeoutMs: 100, isCurrent: () => true, lastHeardAt: () => (talking ? Date.now() : silentSince), onFailure: resolve });
      ka.probeNow();
      setTimeout(() => {
        talking = false;
        silentSince = Date.now();
      }, 500);
    });
    expect(failure).toBeInstanceOf(NotRespondingError);
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(100); // never before the silence lasted the timeout
  });

  it('an answered probe and a stopped keep-alive report nothing', async () => {
    const failures: unknown[] = [];
    const ka = startKeepAlive(() => Promise.resolve(), { intervalMs: 20, timeoutMs: 50, isCurrent: () => true, onFailure: (err) => failures.push(err) });
    const stopped = startKeepAlive(never, { intervalMs: 20, timeoutMs: 50, isCurrent: () => true, onFailure: (err) => failures.push(err) });
    stopped.probeNow();
    stopped.stop();
    await new Promise((r) => setTimeout(r, 400));
    ka.stop();
    expect(failures).toEqual([]);
  });
});
