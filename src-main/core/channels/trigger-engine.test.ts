/**
 * The trigger engine's rules of firing with an injected clock: rate limits (and their recorded
 * skips), the three modes, confirmations, the no-loop guard, manual runs, the preview. The tool
 * runner here is a recording function; the integration test runs real tools.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelEntry } from '../../../src-shared/api/channels.js';
import type { ToolCallResult } from '../../../src-shared/api/status.js';
import { previewRules, TriggerEngine } from './trigger-engine.js';
import { parseTriggersText } from './triggers-file.js';

function setup(rules: unknown[], opts: { loopGuardMs?: number; autoPerMinute?: number } = {}) {
  let now = 1_000_000;
  const calls: { server: string; tool: string; args: Record<string, unknown> }[] = [];
  const fired: string[] = [];
  const engine = new TriggerEngine({
    now: () => now,
    loopGuardMs: opts.loopGuardMs,
    callTool: async (server, tool, args): Promise<ToolCallResult> => {
      calls.push({ server, tool, args });
      if (tool === 'missing') throw new Error('Unknown tool "missing"');
      return { server, tool, isError: false, text: `ran ${tool}`, content: [], durationMs: 1 };
    },
    onFired: (f) => fired.push(`${f.rule}:${f.outcome}`),
  });
  const loaded = parseTriggersText('/t.json', JSON.stringify({ rules, ...(opts.autoPerMinute !== undefined ? { autoPerMinute: opts.autoPerMinute } : {}) }));
  expect(loaded.warnings).toEqual([]);
  engine.setRules(loaded);
  let seq = 0;
  const entry = (payload: unknown, extra: Partial<ChannelEntry> = {}): ChannelEntry => ({
    seq: ++seq,
    server: 'mon',
    channel: 'alerts/critical',
    method: 'notifications/alerts/critical',
    time: now,
    payload,
    ...extra,
  });
  return { engine, calls, fired, entry, advance: (ms: number) => (now += ms), at: () => now };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('TriggerEngine', () => {
  it('rate limit: one firing per window, every skip recorded, fires again when the window passed', () => {
    const t = setup([{ name: 'r', channel: 'alerts', mode: 'notify', rateLimit: '30s' }]);
    expect(t.engine.onEntry(t.entry({})).map((f) => f.outcome)).toEqual(['notified']);
    t.advance(29_999);
    expect(t.engine.onEntry(t.entry({})).map((f) => f.outcome)).toEqual(['rate-limited']);
    t.advance(1);
    expect(t.engine.onEntry(t.entry({})).map((f) => f.outcome)).toEqual(['notified']);
    const state = t.engine.state();
    expect(state.firings.map((f) => f.outcome)).toEqual(['notified', 'rate-limited', 'notified']);
    expect(state.rules[0]).toMatchObject({ firings: 2, lastFiring: { outcome: 'notified', seq: 3 } });
    // Skips are recorded, not announced as desktop notifications.
    expect(t.fired).toEqual(['r:notified', 'r:notified']);
  });

  it('a rule without a rate limit fires every time; only matching rules fire', () => {
    const t = setup([
      { name: 'disk', contentRegex: '(?i)DISK', mode: 'notify', prompt: '{{server}} says {{content}}' },
      { name: 'other-server', server: 'web', mode: 'notify' },
      { name: 'off', mode: 'notify', enabled: false },
    ]);
    const fired = t.engine.onEntry(t.entry({ message: 'disk full' }));
    expect(fired.map((f) => [f.rule, f.prompt])).toEqual([['disk', 'mon says disk full']]);
    expect(t.engine.onEntry(t.entry({ message: 'cpu hot' }))).toEqual([]);
  });

  it('confirm: pending until answered; accept runs the action with templated arguments; decline records it', async () => {
    const t = setup([
      {
        name: 'c',
        mode: 'confirm',
        server: 'mon',
        prompt: 'Restart after {{content}}?',
        action: { server: 'ops', tool: 'restart', arguments: { reason: '{{content}}', count: 1 } },
        allowedTools: ['ops/restart'],
      },
    ]);
    const [first] = t.engine.onEntry(t.entry({ message: 'x' }));
    expect(first).toMatchObject({ outcome: 'pending', prompt: 'Restart after x?', action: { server: 'ops', tool: 'restart', arguments: { reason: 'x', count: 1 } } });
    expect(t.engine.pendingCount).toBe(1);
    expect(t.calls).toEqual([]);
    const answered = await t.engine.confirm(first!.id, true, () => undefined);
    expect(answered).toMatchObject({ outcome: 'ran', result: { isError: false, text: 'ran restart' } });
    expect(t.calls).toEqual([{ server: 'ops', tool: 'restart', args: { reason: 'x', count: 1 } }]);
    await expect(t.engine.confirm(first!.id, true, () => undefined)).rejects.toThrow(`Confirmation ${first!.id} was already answered (ran)`);
    const [second] = t.engine.onEntry(t.entry({}));
    expect((await t.engine.confirm(second!.id, false, () => undefined)).outcome).toBe('declined');
    expect(t.calls).toHaveLength(1);
    expect(t.engine.pendingCount).toBe(0);
  });

  it('auto: runs at once and records the result; a failing call is `failed` with the reason', async () => {
    const t = setup([
      { name: 'a', mode: 'auto', server: 'mon', channel: 'alerts', action: { server: 'ops', tool: 'echo', arguments: { text: '{{channel}}' } }, allowedTools: ['echo'] },
      { name: 'b', mode: 'auto', server: 'web', action: { server: 'ops', tool: 'missing' }, allowedTools: ['missing'] },
    ]);
    const [run] = t.engine.onEntry(t.entry({}));
    expect(run!.outcome).toBe('running');
    await flush();
    expect(t.engine.state().firings[0]).toMatchObject({ rule: 'a', outcome: 'ran', result: { text: 'ran echo' } });
    expect(t.calls[0]!.args).toEqual({ text: 'alerts/critical' });
    t.engine.onEntry(t.entry({}, { server: 'web', channel: 'other' }));
    await flush();
    expect(t.engine.state().firings.at(-1)).toMatchObject({ rule: 'b', outcome: 'failed', error: 'Unknown tool "missing"' });
    expect(t.fired).toEqual(['a:running', 'a:ran', 'b:running', 'b:failed']);
  });

  it('no loops: what arrives from the action’s server while it runs (and shortly after) is caused by the rule and never fires it again', async () => {
    const t = setup(
      [
        { name: 'loop', mode: 'auto', server: '*', channel: 'alerts', action: { server: 'mon', tool: 'echo' }, allowedTools: ['echo'] },
        { name: 'watch', mode: 'notify', channel: 'alerts' },
      ],
      { loopGuardMs: 2_000 },
    );
    t.engine.onEntry(t.entry({}));
    // The action's server answers; its notification is tagged when captured.
    const caused = t.engine.causedBy('mon');
    expect(caused).toEqual(['loop']);
    expect(t.engine.causedBy('other')).toBeUndefined();
    await flush();
    t.advance(1_999);
    const fired = t.engine.onEntry(t.entry({}, { causedBy: t.engine.causedBy('mon') }));
    expect(fired.map((f) => `${f.rule}:${f.outcome}`)).toEqual(['loop:loop-guarded', 'watch:notified']);
    t.advance(2);
    expect(t.engine.causedBy('mon')).toBeUndefined();
    expect(t.calls).toHaveLength(1);
  });

  it('the guard follows chains: A → B → A does not fire A again', async () => {
    const t = setup([
      { name: 'A', mode: 'auto', server: '*', channel: 'a', action: { server: 'one', tool: 'x' }, allowedTools: ['x'] },
      { name: 'B', mode: 'auto', server: '*', channel: 'b', action: { server: 'two', tool: 'y' }, allowedTools: ['y'] },
    ]);
    t.engine.onEntry(t.entry({}, { server: 'src', channel: 'a' }));
    const fromOne = t.entry({}, { server: 'one', channel: 'b', causedBy: t.engine.causedBy('one') });
    expect(t.engine.onEntry(fromOne).map((f) => f.outcome)).toEqual(['running']);
    const fromTwo = t.entry({}, { server: 'two', channel: 'a', causedBy: t.engine.causedBy('two') });
    expect(fromTwo.causedBy?.sort()).toEqual(['A', 'B']);
    expect(t.engine.onEntry(fromTwo).map((f) => `${f.rule}:${f.outcome}`)).toEqual(['A:loop-guarded']);
    await flush();
    expect(t.calls.map((c) => c.tool)).toEqual(['x', 'y']);
  });

  it('ceilings (issue 27 item 4): 10 a minute for a rule without rateLimit, autoPerMinute for all auto rules; past them a firing waits with its reason', async () => {
    const action = { server: 'ops', tool: 'echo' };
    const t = setup(
      [
        { name: 'free', mode: 'auto', server: 'mon', channel: 'a', action, allowedTools: ['echo'] },
        { name: 'paced', mode: 'auto', server: 'mon', channel: 'b', rateLimit: '1s', action, allowedTools: ['echo'] },
      ],
      { autoPerMinute: 15 },
    );
    const fire = (channel: string, n: number): string[] => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        out.push(...t.engine.onEntry(t.entry({}, { channel })).map((f) => f.outcome));
        t.advance(1_000);
      }
      return out;
    };
    // free: 10 runs, then it waits; paced (its own rateLimit, no cap of 10) runs until all together reach 15.
    expect(fire('a', 12)).toEqual([...Array<string>(10).fill('running'), 'pending', 'pending']);
    expect(fire('b', 7)).toEqual([...Array<string>(5).fill('running'), 'pending', 'pending']);
    await flush();
    expect(t.calls).toHaveLength(15);
    const state = t.engine.state();
    expect(state.limits).toEqual({ autoPerMinute: 15, rulePerMinute: 10 });
    expect(state.pending.find((p) => p.rule === 'free')!.reason).toBe(
      'rule "free" has no "rateLimit" and already ran 10 times in the last minute (the most a rule without one runs on its own); this run waits for a yes',
    );
    expect(state.pending.find((p) => p.rule === 'paced')!.reason).toBe(
      'automatic rules already ran 15 times in the last minute (the "autoPerMinute" ceiling in triggers.json); this run waits for a yes',
    );
    // A minute after the first runs, the window has room again.
    t.advance(60_000);
    expect(fire('a', 1)).toEqual(['running']);
  });

  it('a rule that runs a tool names its source server; "*" is accepted; the window warns when source and action differ', () => {
    const action = { server: 'ops', tool: 'echo' };
    const refused = parseTriggersText('/t.json', JSON.stringify({ rules: [{ name: 'x', mode: 'auto', action, allowedTools: ['echo'] }] }));
    expect(refused.rules).toEqual([]);
    expect(refused.warnings.map((w) => w.message)).toEqual([
      'rule 1 "x": a rule in mode "auto" that runs a tool must name the server whose notifications fire it: add "server": "<name>" (or "server": "*" for every server)',
    ]);
    // A notify rule runs nothing, so it may listen everywhere.
    expect(parseTriggersText('/t.json', JSON.stringify({ rules: [{ name: 'n', mode: 'notify' }] })).warnings).toEqual([]);
    const t = setup([
      { name: 'any', mode: 'confirm', server: '*', action, allowedTools: ['echo'] },
      { name: 'same', mode: 'auto', server: 'ops', action, allowedTools: ['echo'] },
    ]);
    expect(t.engine.state().rules.map((r) => [r.rule.name, r.warning])).toEqual([
      ['any', `every server's notifications make this rule run "echo" on another server, "ops": text from one server drives a tool of another`],
      ['same', undefined],
    ]);
  });

  it('a manual run ignores and does not advance the rate limit', () => {
    const t = setup([{ name: 'r', mode: 'notify', rateLimit: '1h' }]);
    const e = t.entry({});
    t.engine.onEntry(e);
    expect(t.engine.onEntry(e, true).map((f) => [f.outcome, f.manual])).toEqual([['notified', true]]);
    expect(t.engine.onEntry(t.entry({})).map((f) => f.outcome)).toEqual(['rate-limited']);
  });

  it('pending confirmations of a removed rule expire on reload', () => {
    const t = setup([{ name: 'c', mode: 'confirm' }]);
    const [f] = t.engine.onEntry(t.entry({}));
    t.engine.setRules(parseTriggersText('/t.json', '{"rules": []}'));
    expect(t.engine.pendingCount).toBe(0);
    expect(t.engine.state().firings.find((x) => x.id === f!.id)?.outcome).toBe('expired');
  });
});

describe('previewRules', () => {
  it('simulates rate limits with the entries’ own times and fires nothing', () => {
    const loaded = parseTriggersText('/t.json', JSON.stringify({ rules: [{ name: 'r', mode: 'auto', server: '*', rateLimit: '1m', action: { server: 's', tool: 'echo', arguments: { m: '{{content}}' } }, allowedTools: ['echo'] }] }));
    const e = (seq: number, time: number, paused?: true): ChannelEntry => ({ seq, server: 's', channel: 'c', method: 'notifications/c', time, payload: { seq }, ...(paused ? { paused } : {}) });
    const matches = previewRules(loaded, [e(1, 0), e(2, 30_000), e(3, 60_000), e(4, 61_000, true)]);
    expect(matches.map((m) => [m.seq, m.outcome, m.arguments])).toEqual([
      [1, 'would fire', { m: '{"seq":1}' }],
      [2, 'rate-limited', { m: '{"seq":2}' }],
      [3, 'would fire', { m: '{"seq":3}' }],
    ]);
  });
});
