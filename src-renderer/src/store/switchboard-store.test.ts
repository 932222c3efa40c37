/** The store's log history: lines that arrived live before the Logs tab opened do not hide the buffered history. */
import { describe, expect, it } from 'vitest';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';
import { ok } from '../../../src-shared/api/envelope.js';
import type { LogEntry, ServersSnapshot } from '../../../src-shared/api/status.js';
import { createSwitchboardStore } from './switchboard-store.js';

const line = (seq: number): LogEntry => ({ seq, server: 's', time: 1000 + seq, stream: 'stderr', text: `line ${seq}` });

const emptyList = (): ServersSnapshot => ({ project: { dir: '/p', trusted: true, projectFiles: [] }, servers: [], shadowed: [], warnings: [], totals: { servers: 0, connected: 0, tools: 0 } });

/**
 * A fake API over a log ring buffer of `s`: `logs:get` honours `afterSeq`; `servers:list` answers
 * what `list` resolves to (default: an empty list at once); events are pushed by the test.
 */
function fakeApi(buffer: LogEntry[], list: () => Promise<ServersSnapshot> = async () => emptyList()) {
  const listeners = new Map<string, ((p: unknown) => void)[]>();
  const calls: unknown[] = [];
  const api = {
    async call(method: string, input: Record<string, unknown>) {
      if (method === 'logs:get') {
        calls.push(input);
        const after = input.afterSeq as number | undefined;
        return ok(buffer.filter((l) => after === undefined || l.seq > after));
      }
      if (method === 'servers:list') return ok(await list());
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

describe('store snapshot order (fetch-then-follow race)', () => {
  const snap = (status: 'connecting' | 'connected', seq: number, core = 'core-a'): ServersSnapshot => ({
    project: { dir: '/p', trusted: true, projectFiles: [] },
    servers: [{ server: { name: 'mon', transport: 'stdio', command: 'node', envKeys: [], headerKeys: [], enabled: true, timeoutMs: 30000, source: { host: 'switchboard', scope: 'user', file: '/s.json' }, unresolved: [] }, status, toolCount: 0, restartCount: 0, recentLatencyMs: [], shadows: [] }],
    shadowed: [],
    warnings: [],
    totals: { servers: 1, connected: status === 'connected' ? 1 : 0, tools: 0 },
    revision: { core, seq },
  });

  /** An API whose `servers:list` answers only when the test says so, with the snapshot the test gives. */
  function slowListApi() {
    const answers: ((s: ServersSnapshot) => void)[] = [];
    return { ...fakeApi([], () => new Promise((resolve) => answers.push(resolve))), answers };
  }
  const status = (store: ReturnType<typeof createSwitchboardStore>) => store.getState().snapshot?.servers.map((s) => s.status);

  it('keeps a status event that is newer than the list answer arriving after it', async () => {
    const { api, emit, answers } = slowListApi();
    const store = createSwitchboardStore(api, { state: 'open', onConnection: () => () => undefined });
    // The core built the answer (revision 1: connecting) before the event (revision 2: connected),
    // but the page applies the event first.
    emit('servers:changed', snap('connected', 2));
    answers[0]!(snap('connecting', 1));
    await new Promise((r) => setTimeout(r, 0));
    expect(status(store)).toEqual(['connected']);
    // A newer one still replaces it; one from a restarted core (another `core`) too.
    emit('servers:changed', snap('connecting', 3));
    expect(status(store)).toEqual(['connecting']);
    emit('servers:changed', snap('connected', 1, 'core-b'));
    expect(status(store)).toEqual(['connected']);
    store.dispose();
  });
});
