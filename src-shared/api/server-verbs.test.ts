import { describe, expect, it } from 'vitest';
import { ServerStatusNameSchema } from './status.js';
import { serverVerbs } from './server-verbs.js';

const enabled = (status: Parameters<typeof serverVerbs>[0]) =>
  Object.entries(serverVerbs(status))
    .filter(([, on]) => on)
    .map(([verb]) => verb);

describe('serverVerbs', () => {
  it('offers Start and Restart for a server in error, never Stop', () => {
    expect(enabled('error')).toEqual(['start', 'restart', 'test']);
  });
  it('offers Stop and Restart while running or retrying, never Start', () => {
    expect(enabled('connected')).toEqual(['stop', 'restart', 'test']);
    expect(enabled('connecting')).toEqual(['stop', 'restart', 'test']);
    expect(enabled('backoff')).toEqual(['stop', 'restart', 'test']);
  });
  it('offers only Start (and Test) for a stopped server', () => {
    expect(enabled('stopped')).toEqual(['start', 'test']);
    expect(enabled('disconnected')).toEqual(['start', 'test']);
  });
  it('offers nothing for a disabled or untrusted server', () => {
    expect(enabled('disabled')).toEqual([]);
    expect(enabled('untrusted')).toEqual([]);
  });
  it('never offers Start and Stop together, for every status', () => {
    for (const status of ServerStatusNameSchema.options) {
      const v = serverVerbs(status);
      expect(v.start && v.stop).toBe(false);
    }
  });
});
