import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateStore } from './state-store.js';

describe('StateStore', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'sb-state-'));

  it('keeps other features\' keys and serialises concurrent updates', async () => {
    const dir = fresh();
    const a = new StateStore(dir);
    const b = new StateStore(dir);
    await a.update<string[]>('manualStops', () => ['x']);
    await b.update<string[]>('roots', () => ['/p']);
    await Promise.all([1, 2, 3].map((n) => a.update<number[]>('counter', (c) => [...(c ?? []), n])));
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toEqual({ manualStops: ['x'], roots: ['/p'], counter: [1, 2, 3] });
    await a.update('roots', () => undefined);
    expect(a.get('roots')).toBeUndefined();
    expect(a.get('manualStops')).toEqual(['x']);
  });

  it('reads a malformed file with no previous version as empty, keeping it as state.json.bad-<time> (issue 27 item 2)', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'state.json'), '{"manualStops": [');
    const store = new StateStore(dir);
    expect(store.readAll()).toEqual({});
    const bad = readdirSync(dir).filter((f) => f.startsWith('state.json.bad-'));
    expect(bad).toHaveLength(1);
    expect(readFileSync(join(dir, bad[0]!), 'utf8')).toBe('{"manualStops": [');
    await store.update('ui', () => ({ selected: 'a' }));
    expect(store.get('ui')).toEqual({ selected: 'a' });
  });

  it('a file torn after a good read changes nothing: acks, pauses and stops read before stay (trial 5 finding 2)', async () => {
    const dir = fresh();
    const store = new StateStore(dir);
    await store.update('channels', () => ({ ackedThrough: 7, paused: [{ server: 'mon' }] }));
    await store.update<string[]>('manualStops', () => ['x']);
    writeFileSync(join(dir, 'state.json'), '{"channels": {"ackedThrough": 7, "paused": [');
    expect(store.get('channels')).toEqual({ ackedThrough: 7, paused: [{ server: 'mon' }] });
    await store.update('ui', () => ({ selected: 'a' }));
    expect(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).toEqual({ channels: { ackedThrough: 7, paused: [{ server: 'mon' }] }, manualStops: ['x'], ui: { selected: 'a' } });
  });
});
