/**
 * `switchboard serve` ends with how many processes it stopped; gateway instances are counted apart
 * (a new-user trial saw four server processes stop under "3 servers stopped").
 */
import { describe, expect, it } from 'vitest';
import { stoppedLine } from './serve.js';

describe('stoppedLine', () => {
  it('counts servers, and gateway instances when there are some', () => {
    expect(stoppedLine({ servers: 0, instances: 0 })).toBe('Stopped; 0 servers stopped.');
    expect(stoppedLine({ servers: 1, instances: 0 })).toBe('Stopped; 1 server stopped.');
    expect(stoppedLine({ servers: 3, instances: 1 })).toBe('Stopped; 3 servers and 1 gateway instance stopped.');
    expect(stoppedLine({ servers: 1, instances: 2 })).toBe('Stopped; 1 server and 2 gateway instances stopped.');
  });
});
