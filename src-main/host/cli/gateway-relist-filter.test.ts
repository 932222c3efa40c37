import { describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { onListInputsChanged } from './gateway-relist-filter.js';

type State = ServersSnapshot['servers'][number];
const state = (over: Partial<State>): State => ({ server: { name: 'everything' }, status: 'connected', toolCount: 13, restartCount: 0, recentLatencyMs: [1], shadows: [], ...over }) as State;
const snap = (...servers: State[]): ServersSnapshot => ({ servers }) as unknown as ServersSnapshot;

describe('the stdio door’s servers:changed filter', () => {
  it('re-reads on the first snapshot and on a change of status, tool count, error or summary — not after a call', () => {
    let relists = 0;
    const on = onListInputsChanged(() => void relists++);
    on(snap(state({})));
    expect(relists).toBe(1);
    // A call: only its latency and counters change.
    on(snap(state({ recentLatencyMs: [1, 2], restartCount: 0 })));
    expect(relists).toBe(1);
    on(snap(state({ status: 'error', lastError: 'gone' })));
    expect(relists).toBe(2);
    on(snap(state({ status: 'error', lastError: 'gone again' })));
    expect(relists).toBe(3);
    on(snap(state({ toolCount: 12 })));
    expect(relists).toBe(4);
    on(snap(state({ toolCount: 12, server: { name: 'everything', enabled: false } as State['server'] })));
    expect(relists).toBe(5);
    on(snap(state({ toolCount: 12, server: { name: 'everything', enabled: false } as State['server'] }), state({ server: { name: 'memory' } as State['server'] })));
    expect(relists).toBe(6);
  });
});
