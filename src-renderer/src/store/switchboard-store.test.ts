/** The store's log history: lines that arrived live before the Logs tab opened do not hide the buffered history. */
import { describe, expect, it } from 'vitest';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { ok } from '../../../src-shared/api/envelope.js';
import type { LogEntry } from '../../../src-shared/api/status.js';
import { createSwitchboardStore } from './switchboard-store.js';

const line = (seq: number): LogEntry => ({ seq, server: 's', time: 1000 + seq, stream: 'stderr', text: `line ${seq}` });

/** A fake API over a log ring buffer of `s`: `logs:get` honours `afterSeq`; events are pushed by the test. */
function fakeApi(buffer: LogEntry[]) {
  const listeners = new Map<string, ((p: unknown) => void)[]>();
  const calls: unknown[] = [];
  const api = {
    async call(method: string, input: Record<string, unknown>) {
      if (method === 'logs:get') {
        calls.push(input);
        const after = input.afterSeq as number | undefined;
        return ok(buffer.filter((l) => after === undefined || l.seq > after));
      }
      if (method === 'servers:list') return ok({ project: { dir: '/p', trusted: true, projectFiles: [] }, servers: [], shadowed: [], warnings: [], totals: { servers: 0, connected: 0, tools: 0 } });
      if (method === 'tools:list') return ok([]);
      throw new Error(`unexpected ${method}`);
    },
    on(event: string, l: (p: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), l]);
      return () => undefined;
    },
  } as unknown as SwitchboardApi;
  const emit = (event: string, payload: unknown): void => listeners.get(event)?.forEach((l) => l(payload));
  return { api, emit, calls };
}

describe('store logs', () => {
  it('fetches the whole buffered history on first open, merging live lines by seq', async () => {
    const buffer = Array.from({ length: 27 }, (_, i) => line(i + 1));
    const { api, emit, calls } = fakeApi(buffer);
    const store = createSwitchboardStore(api, { state: 'open', onConnection: () => () => undefined }, { frame: (run) => (run(), () => undefined) });
    // Three lines arrive live before the Logs tab was ever opened.
    emit('logs:appended', [line(25), line(26), line(27)]);
    expect(store.getState().logs.s?.map((l) => l.seq)).toEqual([25, 26, 27]);

    await store.loadLogs('s');
    expect(calls[0]).toEqual({ server: 's' });
    expect(store.getState().logs.s?.map((l) => l.seq)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));

    // Later opens ask only for newer lines; a live line is not duplicated.
    buffer.push(line(28));
    emit('logs:appended', [line(28)]);
    await store.loadLogs('s');
    expect(calls[1]).toEqual({ server: 's', afterSeq: 28 });
    expect(store.getState().logs.s).toHaveLength(28);
    store.dispose();
  });
});

describe('store logs per frame', () => {
  it('applies every line that arrived between two frames in one update, none lost', () => {
    const { api, emit } = fakeApi([]);
    let frame: (() => void) | undefined;
    const store = createSwitchboardStore(api, { state: 'open', onConnection: () => () => undefined }, { frame: (run) => ((frame = run), () => undefined) });
    let updates = 0;
    store.subscribe(() => updates++);
    for (let i = 1; i <= 300; i++) emit('logs:appended', [line(i)]);
    expect(store.getState().logs.s).toBeUndefined();
    const before = updates;
    frame!();
    expect(updates - before).toBe(1);
    expect(store.getState().logs.s?.map((l) => l.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    store.dispose();
  });
});

describe('store resyncs (issue 27 item 5)', () => {
  it('counts each time the wire comes back after a loss, not the first connection', () => {
    const { api } = fakeApi([]);
    let follow: ((s: 'connecting' | 'open' | 'closed' | 'gone') => void) | undefined;
    const store = createSwitchboardStore(api, { state: 'connecting', onConnection: (l) => ((follow = l), () => undefined) });
    const seen: number[] = [];
    for (const s of ['open', 'closed', 'connecting', 'closed', 'connecting', 'open', 'open', 'closed', 'open'] as const) {
      follow!(s);
      seen.push(store.getState().resyncs);
    }
    expect(seen).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 2]);
    store.dispose();
  });
});
