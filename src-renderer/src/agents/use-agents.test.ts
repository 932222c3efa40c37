import { describe, expect, it } from 'vitest';
import type { AgentCall } from '../../../src-shared/api/agents.js';
import { withActivity } from './use-agents.js';

const call = (over: Partial<AgentCall>): AgentCall => ({ id: 'agent-1', host: 'cursor', kind: 'tools/call', name: 'memory_read_graph', args: {}, startedAt: 1, outcome: 'running', ...over });

describe('the Agents view follows agents:activity', () => {
  it('puts a started call in flight under its host, updates its progress, and moves it to the head of recent when it finishes', () => {
    const counts = { inFlight: 1, lastMinute: 1 };
    const empty = { hosts: [{ host: 'claude-code' as const, inFlight: [], recent: [call({ id: 'agent-0', host: 'claude-code', outcome: 'ok' })] }], counts: { inFlight: 0, lastMinute: 0 } };
    const started = withActivity(empty, { phase: 'started', call: call({}), counts });
    expect(started.hosts.map((h) => [h.host, h.inFlight.map((c) => c.id), h.recent.map((c) => c.id)])).toEqual([['claude-code', [], ['agent-0']], ['cursor', ['agent-1'], []]]);
    const progressed = withActivity(started, { phase: 'progress', call: call({ progress: { progress: 1, total: 2 } }), counts });
    expect(progressed.hosts[1]?.inFlight[0]?.progress).toEqual({ progress: 1, total: 2 });
    const done = withActivity(progressed, { phase: 'finished', call: call({ outcome: 'ok', durationMs: 4 }), counts: { inFlight: 0, lastMinute: 1 } });
    expect(done.hosts[1]).toEqual({ host: 'cursor', inFlight: [], recent: [call({ outcome: 'ok', durationMs: 4 })] });
    expect(done.counts).toEqual({ inFlight: 0, lastMinute: 1 });
    // A progress event that crosses the finish is dropped.
    expect(withActivity(done, { phase: 'progress', call: call({ progress: { progress: 2 } }), counts }).hosts[1]?.inFlight).toEqual([]);
  });
});
