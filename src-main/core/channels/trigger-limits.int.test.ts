/**
 * The holes of trigger rules found by the attack pass (issue 26 item 4, issue 27 item 4), through a
 * real core and two real notifying servers: a rule that runs a tool must name its source server
 * (refused otherwise, with file:line) and one that runs a tool on another server says so; a flood
 * of 150 notifications against an `auto` rule without `rateLimit` runs 10 actions and turns the
 * rest into confirmations that say why; the calls a rule made are in the call history, tagged
 * with the rule.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriggersState } from '../../../src-shared/api/channels.js';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { notifyingEntry, startCore, type CoreHarness } from './test-fixtures.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let world: TempWorld;
let h: CoreHarness;
// A clock that stands still: every firing falls in one minute.
const now = 1_700_000_000_000;

const FLOOD = { name: 'flood', server: 'mon', channel: 'flood', mode: 'auto', action: { server: 'ops', tool: 'echo', arguments: { text: 'seq {{seq}}' } }, allowedTools: ['echo'] };
const SOURCELESS = { name: 'anywhere', channel: 'deploy', mode: 'confirm', action: { server: 'ops', tool: 'echo', arguments: { text: 'x' } }, allowedTools: ['echo'] };

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { mon: notifyingEntry(world), ops: notifyingEntry(world) });
  // Line 3 holds the rule without a source server.
  writeFileSync(join(world.dataDir, 'triggers.json'), `{\n  "rules": [\n    ${JSON.stringify(SOURCELESS)},\n    ${JSON.stringify(FLOOD)}\n  ]\n}\n`);
  h = await startCore(world, { channels: { now: () => now } });
}, 180_000);

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

async function triggers(): Promise<TriggersState> {
  const r = await h.core.handlers['triggers:list']({});
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('a rule names the server it listens to', () => {
  it('a confirm rule with an action and no "server" is skipped with file:line; the loaded rule that runs a tool elsewhere is warned about', async () => {
    const state = await triggers();
    const file = join(world.dataDir, 'triggers.json');
    expect(state.rules.map((r) => r.rule.name)).toEqual(['flood']);
    expect(state.warnings).toEqual([
      {
        file,
        line: 3,
        column: 5,
        ...warningCode('invalid-rule'), message: 'rule 1 "anywhere": a rule in mode "confirm" that runs a tool must name the server whose notifications fire it: add "server": "<name>" (or "server": "*" for every server)',
      },
    ]);
    expect(state.rules[0]!.warning).toBe('notifications of "mon" make this rule run "echo" on another server, "ops": text from one server drives a tool of another');
    expect(state.limits).toEqual({ autoPerMinute: 60, rulePerMinute: 10 });
  });

  it('saving such a rule is refused (nothing written); "*" says every server on purpose and is warned about', async () => {
    const file = join(world.dataDir, 'triggers.json');
    const before = readFileSync(file, 'utf8');
    const auto = { ...SOURCELESS, name: 'auto-anywhere', mode: 'auto' };
    const refused = await h.core.handlers['triggers:save']({ text: JSON.stringify({ rules: [auto, FLOOD] }) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_CONFIG', message: expect.stringContaining('rule 1 "auto-anywhere": a rule in mode "auto" that runs a tool must name the server') } });
    expect(readFileSync(file, 'utf8')).toBe(before);
    const preview = await h.core.handlers['triggers:preview']({ text: JSON.stringify({ rules: [{ ...auto, server: '*' }] }) });
    expect(preview.ok && preview.data.warnings).toEqual([]);
  });
});

describe('automatic rules have a ceiling', () => {
  it('150 notifications against an auto rule without rateLimit: 10 actions run, the rest wait for a yes saying why; each run is in the call history with its rule', async () => {
    const r = await h.core.handlers['tools:call']({ server: 'mon', tool: 'notify', args: { method: 'notifications/flood/x', count: 150 } });
    expect(r.ok && r.data.text).toBe('sent 150');
    const settled = async (): Promise<boolean> => {
      const f = (await triggers()).firings.filter((x) => x.rule === 'flood');
      return f.length === 150 && !f.some((x) => x.outcome === 'running');
    };
    expect(await waitFor(settled, 120_000)).toBe(true);
    const flood = (await triggers()).firings.filter((f) => f.rule === 'flood');
    const count = (outcome: string) => flood.filter((f) => f.outcome === outcome).length;
    expect([count('ran'), count('pending'), count('expired')]).toEqual([10, 100, 40]);
    const waiting = flood.filter((f) => f.outcome !== 'ran');
    expect(new Set(waiting.map((f) => f.reason))).toEqual(
      new Set(['rule "flood" has no "rateLimit" and already ran 10 times in the last minute (the most a rule without one runs on its own); this run waits for a yes']),
    );
    // The first ten notifications ran; the others wait (or expired past 100 waiting).
    expect(flood.filter((f) => f.outcome === 'ran').map((f) => f.seq)).toEqual(flood.slice(0, 10).map((f) => f.seq));

    const history = await h.core.handlers['history:list']({ server: 'ops' });
    if (!history.ok) throw new Error(history.error.message);
    const byRule = history.data.filter((c) => c.rule === 'flood');
    expect(byRule).toHaveLength(10);
    expect(byRule[0]).toMatchObject({ server: 'ops', tool: 'echo', rule: 'flood', outcome: 'ok', args: { text: `seq ${flood[0]!.seq}` } });
    // A yes runs a waiting one (a person's answer is not held by the ceiling) and it is recorded too.
    const one = (await triggers()).pending.find((p) => p.rule === 'flood')!;
    const answered = await h.core.handlers['triggers:confirm']({ id: one.id, accept: true });
    expect(answered.ok && answered.data.outcome).toBe('ran');
    const after = await h.core.handlers['history:list']({ server: 'ops' });
    expect(after.ok && after.data.filter((c) => c.rule === 'flood')).toHaveLength(11);
  }, 180_000);
});
