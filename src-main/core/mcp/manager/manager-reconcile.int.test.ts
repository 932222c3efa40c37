/**
 * Diff-and-apply (docs/operator-verbs.md reload): parallel starts, unchanged servers left alone, changed ones
 * restarted, removed ones stopped, gates applied, names assigned in priority order. Real processes
 * (the scripted SDK server), told apart by a tag argument read from /proc.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { McpManager } from './manager.js';
import { isAlive, listDescendants } from '../transport/process-tree.js';
import { testDefinition } from '../testing/test-helpers.js';
import type { ManagedServer, ServerRuntime } from './types.js';

const SCRIPTED = fileURLToPath(new URL('../testing/fixtures/scripted-server.mjs', import.meta.url));
const scripted = (name: string, tag = name, extra: Parameters<typeof testDefinition>[0] extends infer T ? Partial<T> : never = {}) =>
  testDefinition({ name, transport: 'stdio', command: process.execPath, args: [SCRIPTED, `--tag=${tag}`], ...extra });
const run = (...defs: ReturnType<typeof testDefinition>[]): ManagedServer[] => defs.map((definition) => ({ definition, desired: 'run' }));

/** Live child pids of this test process by their `--tag=` argument (Linux /proc). */
async function pidsByTag(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const pid of await listDescendants(process.pid)) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const tag = args.find((a) => a.startsWith('--tag='));
      if (tag) out.set(tag.slice('--tag='.length), pid);
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe.skipIf(process.platform !== 'linux')('McpManager.reconcile (Linux only: tells processes apart by reading /proc)', () => {
  it('connects servers in parallel', async () => {
    manager = new McpManager();
    const slow = { env: { SCRIPTED_DELAY_MS: '10000' } };
    const started = Date.now();
    await manager.reconcile(run(scripted('s1', 's1', slow), scripted('s2', 's2', slow), scripted('s3', 's3', slow)));
    expect(manager.runtimes().map((r) => r.status)).toEqual(['connecting', 'connecting', 'connecting']);
    await manager.settled();
    const runtimes = manager.runtimes();
    expect(runtimes.map((r) => r.status)).toEqual(['connected', 'connected', 'connected']);
    // One after another, each would connect at least 10 s after the previous one: the last ≥ 20 s
    // after the first. In parallel the spread is only start-up jitter, which reached 1.6 s on a
    // busy 2-core machine and more at load 20 (a 3 s delay left too little room between the cases).
    const times = runtimes.map((r) => r.connectedAt!);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(15_000);
    expect(Math.min(...times) - started).toBeGreaterThanOrEqual(10_000);
  });

  it('leaves unchanged servers alone, restarts changed ones, stops removed ones, starts new ones', async () => {
    manager = new McpManager();
    await manager.reconcile(run(scripted('a'), scripted('b'), scripted('c')));
    await manager.settled();
    const before = await pidsByTag();
    expect([...before.keys()].sort()).toEqual(['a', 'b', 'c']);

    const events: ServerRuntime[] = [];
    manager.on('status', (rt) => events.push(rt));
    await manager.reconcile(run(scripted('a'), scripted('b', 'b2'), scripted('d')));
    await manager.settled();
    const after = await pidsByTag();

    expect(after.get('a')).toBe(before.get('a'));
    expect(events.filter((e) => e.name === 'a')).toEqual([]);
    expect(manager.runtime('a')).toMatchObject({ status: 'connected', restartCount: 0 });

    expect(isAlive(before.get('b')!)).toBe(false);
    expect(after.get('b2')).toBeDefined();
    expect(manager.runtime('b')).toMatchObject({ status: 'connected', restartCount: 1 });
    // A connect slower than 3 s on a loaded machine says so with a second `connecting` event (connect-stall.ts): statuses in order, repeats folded.
    const statuses = events.filter((e) => e.name === 'b').map((e) => e.status);
    expect(statuses.filter((st, i) => st !== statuses[i - 1])).toEqual(['stopped', 'connecting', 'connected']);

    expect(isAlive(before.get('c')!)).toBe(false);
    expect(manager.runtime('c')).toBeUndefined();
    expect(manager.listTools().some((t) => t.server === 'c')).toBe(false);

    expect(manager.runtime('d')!.status).toBe('connected');
    expect(manager.runtimes().map((r) => r.name)).toEqual(['a', 'b', 'd']);
  });

  it('applies a filter change in place, without a restart', async () => {
    manager = new McpManager();
    await manager.reconcile(run(scripted('f')));
    await manager.settled();
    const pid = (await pidsByTag()).get('f');
    const toolEvents: string[] = [];
    manager.on('tools', (name) => toolEvents.push(name));
    await manager.reconcile(run(scripted('f', 'f', { enabledTools: ['one', 'fail'], disabledTools: ['one'] })));
    await manager.settled();
    expect((await pidsByTag()).get('f')).toBe(pid);
    expect(manager.listTools().map((t) => t.name)).toEqual(['one', 'fail']);
    expect(manager.runtime('f')!.toolCount).toBe(2);
    expect(toolEvents).toEqual(['f']);
    await expect(manager.callTool('f', 'two', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stops a running server that becomes disabled, and starts it again when it may run', async () => {
    manager = new McpManager();
    await manager.reconcile(run(scripted('g')));
    await manager.settled();
    const pid = (await pidsByTag()).get('g')!;
    await manager.reconcile([{ definition: scripted('g'), desired: 'disabled' }]);
    expect(manager.runtime('g')!.status).toBe('disabled');
    expect(isAlive(pid)).toBe(false);
    expect(manager.listTools()).toEqual([]);
    await manager.reconcile(run(scripted('g')));
    await manager.settled();
    // Enabled again: a start, not a restart (restartCount counts automatic and explicit restarts).
    expect(manager.runtime('g')).toMatchObject({ status: 'connected', restartCount: 0 });
  });

  it('an unchanged server in error is not retried by a reconcile', async () => {
    manager = new McpManager();
    const ghost = testDefinition({ name: 'ghost', transport: 'stdio', command: 'nonexistent-cmd-switchboard' });
    await manager.reconcile(run(ghost));
    await manager.settled();
    await manager.reconcile(run(ghost));
    await manager.settled();
    expect(manager.runtime('ghost')).toMatchObject({ status: 'error', restartCount: 0 });
    expect(manager.logs('ghost').filter((e) => e.text.startsWith('connecting')).length).toBe(1);
  });

  it('assigns colliding names in priority order (the order of the list)', async () => {
    manager = new McpManager();
    await manager.reconcile(run(scripted('my-server', 'x1'), scripted('my.server', 'x2')));
    await manager.settled();
    const one = () => manager!.listTools().filter((t) => t.name === 'one').map((t) => `${t.server}=${t.agentName}`);
    expect(one()).toEqual(['my-server=mcp_my_server_one', 'my.server=mcp_my_server_one_2']);
    await manager.reconcile(run(scripted('my.server', 'x2'), scripted('my-server', 'x1')));
    expect(one()).toEqual(['my.server=mcp_my_server_one', 'my-server=mcp_my_server_one_2']);
    expect(manager.listTools('my-server').find((t) => t.name === 'one')!.collidesWith).toEqual([{ server: 'my.server', tool: 'one' }]);
  });

  it('dispose while servers are still connecting leaves no process and no late status', async () => {
    const m = new McpManager();
    await m.reconcile(run(scripted('slow1', 'slow1', { env: { SCRIPTED_DELAY_MS: '3000' } }), scripted('slow2', 'slow2', { env: { SCRIPTED_DELAY_MS: '3000' } })));
    const pids = await pidsByTag();
    expect(pids.size).toBe(2);
    await m.dispose();
    expect([...pids.values()].filter(isAlive)).toEqual([]);
    await m.settled();
    expect(m.runtimes().map((r) => r.status)).toEqual(['stopped', 'stopped']);
  });

  it('settled() resolves at once with nothing to do; reconcile after dispose is refused', async () => {
    const m = new McpManager();
    await m.settled();
    await m.dispose();
    await expect(m.reconcile(run(scripted('late')))).rejects.toThrow('The MCP manager has been disposed');
    expect(await pidsByTag()).toEqual(new Map());
  });
});
