/**
 * Trigger rules end to end through the real core and the notifying fixture server (issue 13 item
 * 5): `notify`, `confirm` (accepted → its action calls a real tool) and `auto` (a real tool at
 * once); rate limits on an injected clock; the no-loop guard against a tool that notifies; paused
 * entries fire nothing; `triggers.json` saved through the API and edited on disk (live reload);
 * the preview.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEntryView, TriggerFiring, TriggersState } from '../../../src-shared/api/channels.js';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { notifyingEntry, startCore, type CoreHarness } from './test-fixtures.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let world: TempWorld;
let h: CoreHarness;
let now = 1_700_000_000_000;

const RULES = {
  rules: [
    { name: 'disk', server: 'mon', channel: 'alerts', contentRegex: '(?i)DISK', mode: 'notify', prompt: 'Disk on {{server}}: {{content}}', rateLimit: '30s' },
    {
      name: 'ask',
      server: 'mon',
      channel: 'deploy',
      mode: 'confirm',
      prompt: 'Echo {{content}}?',
      action: { server: 'ops', tool: 'echo', arguments: { text: 'confirmed {{channel}}' } },
      allowedTools: ['ops/echo'],
    },
    { name: 'auto', server: 'mon', channel: 'build', mode: 'auto', action: { server: 'ops', tool: 'echo', arguments: { text: '{{content}}' } }, allowedTools: ['echo'] },
    // Its action makes the ops server send alerts/echo, which this rule would match again.
    { name: 'loop', server: '*', channel: 'alerts/echo', mode: 'auto', action: { server: 'ops', tool: 'echo-notify', arguments: { text: 'again' } }, allowedTools: ['echo-notify'] },
    // Payload fields (issue 34 item 4): both pairs must hold.
    { name: 'db-errors', server: 'mon', channel: 'jobs', mode: 'notify', where: { '$.level': 'error', '$.host.name': 'db-1' } },
  ],
};

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, { mon: notifyingEntry(world), ops: notifyingEntry(world) });
  writeFileSync(join(world.dataDir, 'triggers.json'), JSON.stringify(RULES, null, 2));
  h = await startCore(world, { channels: { now: () => now, loopGuardMs: 60_000 } });
});

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

async function notify(server: string, method: string, params: Record<string, unknown> = {}): Promise<ChannelEntryView> {
  const before = await lastSeq();
  const r = await h.core.handlers['tools:call']({ server, tool: 'notify', args: { method, params } });
  expect(r.ok).toBe(true);
  let found: ChannelEntryView | undefined;
  await waitFor(async () => {
    const page = await h.core.handlers['channels:list']({ afterSeq: before, server });
    found = page.ok ? page.data.entries.find((e) => e.method === method) : undefined;
    return found !== undefined;
  }, 180_000);
  expect(found).toBeDefined();
  return found!;
}

async function lastSeq(): Promise<number> {
  const s = await h.core.handlers['channels:summary']({});
  return s.ok ? s.data.lastSeq : 0;
}

async function triggers(): Promise<TriggersState> {
  const r = await h.core.handlers['triggers:list']({});
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

const firingsOf = async (rule: string): Promise<TriggerFiring[]> => (await triggers()).firings.filter((f) => f.rule === rule);
const fired = (): TriggerFiring[] => h.events.filter((e) => e.event === 'triggers:fired').flatMap((e) => e.payload as TriggerFiring[]);

describe('modes end to end', () => {
  it('loads triggers.json without warnings', async () => {
    const state = await triggers();
    expect(state.warnings).toEqual([]);
    expect(state.rules.map((r) => r.rule.name)).toEqual(['disk', 'ask', 'auto', 'loop', 'db-errors']);
    expect(state.text).toContain('"disk"');
  });

  it('notify: fires once per rate-limit window; skipped firings are recorded', async () => {
    const a = await notify('mon', 'notifications/alerts/critical', { message: 'Disk full on /var' });
    await notify('mon', 'notifications/alerts/critical', { message: 'disk still full' });
    now += 30_000;
    await notify('mon', 'notifications/alerts/critical', { message: 'DISK full again' });
    await notify('mon', 'notifications/alerts/critical', { message: 'cpu hot' }); // no match
    const outcomes = (await firingsOf('disk')).map((f) => f.outcome);
    expect(outcomes).toEqual(['notified', 'rate-limited', 'notified']);
    const first = (await firingsOf('disk'))[0]!;
    expect(first).toMatchObject({ seq: a.seq, prompt: 'Disk on mon: Disk full on /var' });
    await waitFor(() => fired().filter((f) => f.rule === 'disk').length === 2, 5_000);
    expect(fired().filter((f) => f.rule === 'disk').map((f) => f.outcome)).toEqual(['notified', 'notified']);
  });

  it('confirm: waits, then runs its action on a real tool when accepted', async () => {
    const e = await notify('mon', 'notifications/deploy/done', { version: '1.2' });
    const state = await triggers();
    const pending = state.pending.find((p) => p.seq === e.seq)!;
    expect(pending).toMatchObject({ rule: 'ask', outcome: 'pending', prompt: 'Echo {"version":"1.2"}?', action: { server: 'ops', tool: 'echo', arguments: { text: 'confirmed deploy/done' } } });
    const summary = await h.core.handlers['channels:summary']({});
    expect(summary.ok && summary.data.pendingConfirmations).toBe(1);
    const answered = await h.core.handlers['triggers:confirm']({ id: pending.id, accept: true });
    expect(answered.ok && answered.data).toMatchObject({ outcome: 'ran', result: { isError: false, text: 'echo: confirmed deploy/done' } });
    const again = await h.core.handlers['triggers:confirm']({ id: pending.id, accept: true });
    expect(again).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: `Confirmation ${pending.id} was already answered (ran)` } });
  });

  it('auto: runs a real tool at once and records its result', async () => {
    const e = await notify('mon', 'notifications/build/failed', { job: 7 });
    expect(await waitFor(async () => (await firingsOf('auto')).some((f) => f.seq === e.seq && f.outcome === 'ran'), 15_000)).toBe(true);
    const f = (await firingsOf('auto')).find((x) => x.seq === e.seq)!;
    expect(f.result).toEqual({ isError: false, text: 'echo: {"job":7}' });
  });

  it('where: a notify rule fires only when every payload field matches (issue 34 item 4)', async () => {
    const hit = await notify('mon', 'notifications/jobs/failed', { level: 'error', host: { name: 'db-1' } });
    await notify('mon', 'notifications/jobs/failed', { level: 'error', host: { name: 'web-1' } });
    await notify('mon', 'notifications/jobs/failed', { level: 'warning', host: { name: 'db-1' } });
    expect((await firingsOf('db-errors')).map((f) => [f.seq, f.outcome])).toEqual([[hit.seq, 'notified']]);
  });

  it('no loop: the notification caused by the rule’s own action does not fire it again', async () => {
    now += 61_000; // earlier actions on ops are past the guard window
    const e = await notify('mon', 'notifications/alerts/echo', { text: 'start' });
    // The action (echo-notify on ops) makes ops send alerts/echo once…
    let caused: ChannelEntryView | undefined;
    await waitFor(async () => {
      const page = await h.core.handlers['channels:list']({ server: 'ops', channel: 'alerts/echo', afterSeq: e.seq });
      caused = page.ok ? page.data.entries[0] : undefined;
      return caused !== undefined;
    }, 180_000);
    expect(caused).toMatchObject({ payload: { text: 'again' }, causedBy: ['loop'] });
    expect(await waitFor(async () => (await firingsOf('loop')).some((f) => f.seq === caused!.seq), 10_000)).toBe(true);
    const loopFirings = await firingsOf('loop');
    expect(loopFirings.map((f) => [f.seq, f.outcome])).toEqual([
      [e.seq, 'ran'],
      [caused!.seq, 'loop-guarded'],
    ]);
    // …and nothing more: one action ran, one notification came of it.
    const ops = await h.core.handlers['channels:list']({ server: 'ops', channel: 'alerts/echo' });
    expect(ops.ok && ops.data.entries).toHaveLength(1);
  });

  it('paused: kept, not counted, fires no rule; triggers run <seq> evaluates a stored entry on demand', async () => {
    // A name no server has is refused (a trial's `channels pause ghost` was accepted and paused nothing).
    const ghost = await h.core.handlers['channels:pause']({ server: 'ghost' });
    expect(ghost).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(/^No server named "ghost" \(servers: .*\bmon\b/) } });
    const summary = await h.core.handlers['channels:summary']({});
    expect(summary.ok && summary.data.paused).toEqual([]);
    await h.core.handlers['channels:pause']({ server: 'mon', channel: 'deploy' });
    const e = await notify('mon', 'notifications/deploy/done', { version: '2.0' });
    expect(e.paused).toBe(true);
    expect((await triggers()).pending.some((p) => p.seq === e.seq)).toBe(false);
    await h.core.handlers['channels:resume']({ server: 'mon', channel: 'deploy' });
    const run = await h.core.handlers['triggers:run']({ seq: e.seq });
    expect(run.ok && run.data.map((f) => [f.rule, f.outcome, f.manual])).toEqual([['ask', 'pending', true]]);
    const declined = await h.core.handlers['triggers:confirm']({ id: run.ok ? run.data[0]!.id : '', accept: false });
    expect(declined.ok && declined.data.outcome).toBe('declined');
    expect(await h.core.handlers['triggers:run']({ seq: 999_999 })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'No notification #999999' } });
  });
});

describe('triggers.json', () => {
  it('save refuses a text with problems (nothing written) and writes a valid one (reloaded at once)', async () => {
    const file = join(world.dataDir, 'triggers.json');
    const before = readFileSync(file, 'utf8');
    const bad = await h.core.handlers['triggers:save']({ text: '{"rules": [{"name": "x", "mode": "sometimes"}]}' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatchObject({ code: 'INVALID_CONFIG' });
    expect(!bad.ok && bad.error.message).toMatch(/^Nothing written to .*triggers\.json: 1 problem — line 1: rule 1 "x": "mode" /);
    expect(readFileSync(file, 'utf8')).toBe(before);
    // An invalid JSONPath in "where" is refused when saved, naming file, line and rule (issue 34 item 4).
    const badPath = await h.core.handlers['triggers:save']({ text: '{"rules": [\n{"name": "db", "mode": "notify", "where": {"$.level[": "error"}}]}' });
    expect(badPath).toEqual({
      ok: false,
      error: { code: 'INVALID_CONFIG', message: `Nothing written to ${file}: 1 problem — line 2: rule 1 "db": "where" path "$.level[" is not a valid JSONPath: it has an unclosed "["` },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    const good = { rules: [...RULES.rules, { name: 'info', channel: 'info', mode: 'notify' }] };
    const saved = await h.core.handlers['triggers:save']({ text: JSON.stringify(good, null, 2) });
    expect(saved.ok && saved.data.rules.map((r) => r.rule.name)).toEqual(['disk', 'ask', 'auto', 'loop', 'db-errors', 'info']);
  });

  it('an edit on disk is picked up (live reload) and a wrong field is a warning with file:line', async () => {
    const file = join(world.dataDir, 'triggers.json');
    writeFileSync(file, '{\n  "rules": [\n    { "name": "only", "mode": "notify" },\n    { "name": "bad", "mode": "notify", "serverz": "x" }\n  ]\n}\n');
    expect(await waitFor(async () => (await triggers()).rules.map((r) => r.rule.name).join() === 'only', 10_000)).toBe(true);
    expect((await triggers()).warnings).toEqual([{ file, line: 4, column: 40, ...warningCode('invalid-rule'), message: 'rule 2 "bad": unknown field "serverz"' }]);
    expect(h.events.some((e) => e.event === 'triggers:changed')).toBe(true);
  });

  it('a half-saved triggers.json changes nothing: the last good rules stay, a warning has file:line (trial 5 finding 2)', async () => {
    const file = join(world.dataDir, 'triggers.json');
    writeFileSync(
      file,
      '{ "rules": [\n { "name": "torn-auto", "mode": "auto", "action": {"server":"ops","tool":"echo","arguments":{"text":"AUTO RAN on {{channel}}"}}, "allowedTools": ["ops/echo"],\n',
    );
    expect(await waitFor(async () => (await triggers()).warnings.some((w) => w.message.startsWith('no rule was read')), 60_000)).toBe(true);
    const state = await triggers();
    expect(state.rules.map((r) => r.rule.name)).toEqual(['only']);
    expect(state.warnings.find((w) => w.message.startsWith('Malformed JSON'))).toMatchObject({ file, line: 3 });
    await notify('mon', 'notifications/other/thing');
    expect(await firingsOf('torn-auto')).toEqual([]);
  });

  it('preview tests rules against recent notifications and fires nothing', async () => {
    const count = (await triggers()).firings.length;
    const r = await h.core.handlers['triggers:preview']({ text: JSON.stringify({ rules: [{ name: 'p', channel: 'alerts', contentRegex: '(?i)disk', mode: 'notify', rateLimit: '1h' }] }), limit: 50 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.warnings).toEqual([]);
    expect(r.data.matches.map((m) => m.outcome)).toEqual(['would fire', 'rate-limited', 'rate-limited']);
    expect((await triggers()).firings.length).toBe(count);
  });
});

describe('install links end to end', () => {
  it('nothing is written until confirmed; then the server is in servers.json and starts', async () => {
    const servers = join(world.dataDir, 'servers.json');
    const before = readFileSync(servers, 'utf8');
    const config = { command: process.execPath, args: [notifyingEntry(world).args as string[]].flat(), env: { SB_TEST_MARKER: world.marker } };
    const link = `mcp-switchboard://install?name=installed&config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;
    const preview = await h.core.handlers['install:preview']({ link });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data).toMatchObject({ name: 'installed', command: process.execPath, args: config.args, file: servers });
    expect(readFileSync(servers, 'utf8')).toBe(before);
    const cancelled = await h.core.handlers['install:cancel']({ id: preview.data.id });
    expect(cancelled).toEqual({ ok: true, data: { cancelled: true } });
    expect((await h.core.handlers['install:confirm']({ id: preview.data.id })).ok).toBe(false);
    expect(readFileSync(servers, 'utf8')).toBe(before);

    const again = await h.core.handlers['install:preview']({ link });
    const done = await h.core.handlers['install:confirm']({ id: again.ok ? again.data.id : '' });
    expect(done.ok && done.data.file).toBe(servers);
    expect(JSON.parse(readFileSync(servers, 'utf8')).mcpServers.installed).toMatchObject({ command: process.execPath });
    expect(
      await waitFor(async () => {
        const l = await h.core.handlers['servers:list']({});
        return l.ok && l.data.servers.some((s) => s.server.name === 'installed' && s.status === 'connected');
      }, 20_000),
    ).toBe(true);
  });

  it('a hostile link is refused, nothing written', async () => {
    const r = await h.core.handlers['install:preview']({ link: 'javascript:fetch("https://evil")' });
    expect(r).toEqual({ ok: false, error: { code: 'INVALID_CONFIG', message: expect.stringMatching(/^This install link was refused: links of scheme "javascript:"/) } });
    expect(existsSync(join(world.dataDir, 'servers.json'))).toBe(true);
  });
});
