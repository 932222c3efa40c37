import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualStops } from './manual-stops.js';
import { testDefinition } from '../mcp/testing/test-helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('ManualStops (docs/operator-verbs.md)', () => {
  it('keeps a stopped server stopped across reloads until its config changes; never writes a secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-stops-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ ui: { theme: 'dark' } }));
    const stops = new ManualStops(dir);
    const foo = testDefinition({ name: 'foo', transport: 'stdio', command: 'node', args: ['a.js'], env: { TOKEN: 'sekrit-value' } });
    const bar = testDefinition({ name: 'bar', transport: 'stdio', command: 'node' });
    await stops.add(foo);
    const text = readFileSync(join(dir, 'state.json'), 'utf8');
    expect(text).not.toContain('sekrit-value');
    expect(JSON.parse(text).ui).toEqual({ theme: 'dark' });

    const same = await stops.apply([{ definition: { ...foo, description: 'edited text only' }, desired: 'run' }, { definition: bar, desired: 'run' }]);
    expect(same.map((s) => s.desired)).toEqual(['stopped', 'run']);
    expect(new ManualStops(dir).names()).toEqual(new Set(['foo']));

    const edited = await stops.apply([{ definition: { ...foo, args: ['b.js'] }, desired: 'run' }]);
    expect(edited.map((s) => s.desired)).toEqual(['run']);
    expect(stops.names()).toEqual(new Set());
  });

  it('a server named __proto__ (or constructor) is stopped, listed and kept stopped like any other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-stops-'));
    dirs.push(dir);
    const stops = new ManualStops(dir);
    const proto = testDefinition({ name: '__proto__', transport: 'stdio', command: 'node' });
    const ctor = testDefinition({ name: 'constructor', transport: 'stdio', command: 'node' });
    await stops.add(proto);
    await stops.add(ctor);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')).manualStops)).toEqual(['__proto__', 'constructor']);
    // A new reader (the next owner) sees both and keeps them stopped.
    const next = new ManualStops(dir);
    expect(next.names()).toEqual(new Set(['__proto__', 'constructor']));
    const applied = await next.apply([{ definition: proto, desired: 'run' }, { definition: ctor, desired: 'run' }]);
    expect(applied.map((s) => s.desired)).toEqual(['stopped', 'stopped']);
    await next.remove('__proto__');
    expect(new ManualStops(dir).names()).toEqual(new Set(['constructor']));
    // An unknown name is not "in" the stops through Object.prototype.
    await next.remove('toString');
    expect(new ManualStops(dir).names()).toEqual(new Set(['constructor']));
  });

  it('remove forgets the stop; disabled/untrusted stay what they are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-stops-'));
    dirs.push(dir);
    const stops = new ManualStops(dir);
    const foo = testDefinition({ name: 'foo', transport: 'stdio', command: 'node' });
    await stops.add(foo);
    expect((await stops.apply([{ definition: foo, desired: 'disabled' }]))[0]!.desired).toBe('disabled');
    await stops.remove('foo');
    expect((await stops.apply([{ definition: foo, desired: 'run' }]))[0]!.desired).toBe('run');
  });
});
