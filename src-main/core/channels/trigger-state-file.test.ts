/**
 * `trigger-state.jsonl` (docs/channels.md "Trigger state across restarts"): a round trip through the
 * engine, damaged lines skipped with file:line (the first few, then a count) while every other line
 * loads, an action cut off by the restart recorded as failed, texts bounded.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChannelEntry, TriggerFiring } from '../../../src-shared/api/channels.js';
import { TriggerEngine } from './trigger-engine.js';
import { parseTriggerState, readTriggerState, triggerStateText, TriggerStateWriter } from './trigger-state-file.js';
import { parseTriggersText } from './triggers-file.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const FILE = '/data/trigger-state.jsonl';
const RULES = parseTriggersText(
  '/data/triggers.json',
  JSON.stringify({ rules: [{ name: 'ask', mode: 'confirm' }, { name: 'note', mode: 'notify', rateLimit: '1h' }] }),
);
const entry = (seq: number, channel = 'x'): ChannelEntry => ({ seq, server: 's', channel, method: `notifications/${channel}`, time: seq, payload: { seq } });
const firing = (id: string, outcome: TriggerFiring['outcome']): TriggerFiring => ({ id, rule: 'ask', mode: 'confirm', seq: 1, server: 's', channel: 'x', time: 1, outcome, prompt: 'p' });

describe('trigger state file', () => {
  it('round-trips through the engine: counts, last firing (rate limit), waiting confirmations', () => {
    let now = 1_000_000;
    const first = new TriggerEngine({ now: () => now, callTool: async () => ({ isError: false, text: '' }) as never });
    first.setRules(RULES);
    first.onEntry(entry(1));
    first.onEntry(entry(2));
    const text = triggerStateText(first.snapshot());
    const { snapshot, warnings } = parseTriggerState(FILE, text);
    expect(warnings).toEqual([]);
    now += 60_000;
    const second = new TriggerEngine({ now: () => now, callTool: async () => ({ isError: false, text: '' }) as never });
    second.restore(snapshot);
    second.setRules(RULES);
    const state = second.state();
    expect(state.pending.map((p) => p.seq)).toEqual([1, 2]);
    expect(state.rules.map((r) => [r.rule.name, r.firings])).toEqual([
      ['ask', 2],
      ['note', 1],
    ]);
    // Within the hour of the firing before the restart.
    expect(second.onEntry(entry(3)).find((f) => f.rule === 'note')?.outcome).toBe('rate-limited');
    // New ids never repeat an old one.
    expect(new Set([...state.pending, ...second.state().firings].map((f) => f.id)).size).toBe(second.state().firings.length);
  });

  it('a damaged line costs only itself: file:line for the first three, then a count', () => {
    const good = [JSON.stringify({ rule: 'ask', count: 4, lastFired: 5 }), JSON.stringify({ firing: firing('a-1', 'pending') })];
    const text = ['garbage', good[0], '{"firing":{"id":1}}', '{"torn":', 'x', 'y', good[1], '', '{"rule":"z","count":-1}'].join('\n');
    const { snapshot, warnings } = parseTriggerState(FILE, text);
    expect(snapshot.rules.get('ask')).toEqual({ count: 4, lastFired: 5 });
    expect(snapshot.firings.map((f) => f.id)).toEqual(['a-1']);
    expect(warnings).toEqual([
      { file: FILE, line: 1, ...warningCode('damaged-lines'), message: 'not a trigger record (a damaged line) — skipped; the other lines were read' },
      { file: FILE, line: 3, ...warningCode('damaged-lines'), message: 'not a trigger record (a damaged line) — skipped; the other lines were read' },
      { file: FILE, line: 4, ...warningCode('damaged-lines'), message: 'not a trigger record (a damaged line) — skipped; the other lines were read' },
      { file: FILE, ...warningCode('damaged-lines'), message: '3 more damaged lines skipped (6 in all, from line 5)' },
    ]);
  });

  it('an action running when the owner stopped is recorded failed; the warnings are shown with the rules', () => {
    const engine = new TriggerEngine({ callTool: async () => ({ isError: false, text: '' }) as never });
    engine.restore({ rules: new Map(), firings: [firing('r-1', 'running')], pendingOnly: [firing('p-1', 'pending')] }, [{ file: FILE, line: 2, message: 'x', ...warningCode('damaged-lines') }]);
    engine.setRules(RULES);
    const state = engine.state();
    expect(state.firings[0]).toMatchObject({ id: 'r-1', outcome: 'failed', error: expect.stringMatching(/^Switchboard stopped while this action ran/) });
    expect(state.pending.map((p) => p.id)).toEqual(['p-1']);
    expect(state.warnings).toContainEqual({ file: FILE, line: 2, message: 'x', ...warningCode('damaged-lines') });
  });

  it('the writer writes atomically and bounds texts; a missing file is an empty state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-trigger-state-'));
    try {
      const path = join(dir, 'trigger-state.jsonl');
      expect(readTriggerState(path)).toEqual({ snapshot: { rules: new Map(), firings: [], pendingOnly: [] }, warnings: [] });
      const big = { ...firing('b-1', 'ran'), prompt: 'p'.repeat(10_000), result: { isError: false, text: 'r'.repeat(10_000) } };
      const writer = new TriggerStateWriter(path, () => ({ rules: new Map([['ask', { count: 1 }]]), firings: [big], pendingOnly: [] }), (err) => {
        throw err;
      });
      writer.schedule();
      await writer.flush();
      const read = readTriggerState(path);
      expect(read.warnings).toEqual([]);
      expect(read.snapshot.firings[0]!.prompt.length).toBeLessThan(4_100);
      expect(read.snapshot.firings[0]!.result!.text.length).toBeLessThan(4_100);
      writeFileSync(path, `${readFileSync(path, 'utf8')}{"firing":`);
      expect(readTriggerState(path).warnings.map((w) => w.line)).toEqual([3]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
