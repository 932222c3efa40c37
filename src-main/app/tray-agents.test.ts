import { describe, expect, it } from 'vitest';
import { agentsLine, withAgentsLine } from './tray-agents.js';

describe('the tray agents line', () => {
  it('words the core counts, and says nothing when agents did nothing', () => {
    expect(agentsLine({ inFlight: 2, lastMinute: 7 })).toBe('Agents: 2 in flight · 7 in the last minute');
    expect(agentsLine({ inFlight: 0, lastMinute: 0 })).toBe('');
    expect(agentsLine(undefined)).toBe('');
    expect(withAgentsLine('3 of 4 servers connected', { inFlight: 0, lastMinute: 1 })).toBe('3 of 4 servers connected · Agents: 0 in flight · 1 in the last minute');
    expect(withAgentsLine('3 of 4 servers connected', undefined)).toBe('3 of 4 servers connected');
  });
});
