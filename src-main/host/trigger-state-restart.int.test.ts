/**
 * Trigger state survives an owner restart (docs/channels.md "Trigger state across restarts"; trial 5
 * finding 4: a waiting `confirm`, the firings — "fired 0" after a restart — and rate-limit windows
 * were lost). A real `switchboard serve` with the notifying server: confirmations wait, a rule fires
 * and is rate-limited; the owner stops; a rule is removed from triggers.json meanwhile; a new owner
 * (another port: `--port 0`) still has the waiting confirmation — `switchboard triggers confirm <id>` runs
 * it —, expires the one whose rule is gone, keeps the counts and last firings, and rate-limits by a
 * firing from before the restart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriggersState } from '../../src-shared/api/channels.js';
import { notifyingEntry } from '../core/channels/test-fixtures.js';
import { makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import type { RemoteApi } from '../wires/remote-api.js';
import { ended, endServedOwner, startServedOwner, type ServedOwner } from './fixtures/served-owner.js';

let world: TempWorld;
let owner: ServedOwner | undefined;
let api: RemoteApi;

const ASK = { name: 'ask', server: 'mon', channel: 'deploy', mode: 'confirm', prompt: 'Echo {{content}}?', action: { server: 'mon', tool: 'echo', arguments: { text: '{{content}}' } }, allowedTools: ['echo'] };
const GONE = { name: 'gone', channel: 'retire', mode: 'confirm', prompt: 'Retire?' };
const ALERT = { name: 'alert', channel: 'alerts', mode: 'notify', rateLimit: '1h' };
const writeRules = (rules: unknown[]): void => writeFileSync(join(world.dataDir, 'triggers.json'), JSON.stringify({ rules }, null, 2));

async function startServe(): Promise<void> {
  owner = await startServedOwner(world);
  api = owner.api;
}

async function stopServe(): Promise<void> {
  api.close();
  owner!.child.kill('SIGTERM');
  expect(await waitFor(() => ended(owner!.child), 30_000)).toBe(true);
  expect(owner!.child.exitCode).toBe(0);
}

async function triggers(): Promise<TriggersState> {
  const r = await api.call('triggers:list', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** Send a notification from mon and wait until the rules have seen it (a firing of `rule` for it). */
async function notifyAndFire(method: string, rule: string, params: Record<string, unknown> = {}): Promise<void> {
  const before = (await triggers()).firings.filter((f) => f.rule === rule).length;
  const r = await api.call('tools:call', { server: 'mon', tool: 'notify', args: { method, params } });
  expect(r.ok && !r.data.isError).toBe(true);
  expect(await waitFor(async () => (await triggers()).firings.filter((f) => f.rule === rule).length > before, 60_000)).toBe(true);
}

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { mon: notifyingEntry(world) });
  writeRules([ASK, GONE, ALERT]);
  await startServe();
}, 180_000);

afterAll(() => endServedOwner(owner, world));

describe('trigger state across an owner restart', () => {
  it('waiting confirmations, firing counts, last firings and rate limits survive; a confirmation of a removed rule expires', async () => {
    await notifyAndFire('notifications/deploy/done', 'ask', { v: 7 });
    await notifyAndFire('notifications/retire/now', 'gone');
    await notifyAndFire('notifications/alerts/critical', 'alert', { n: 1 });
    await notifyAndFire('notifications/alerts/critical', 'alert', { n: 2 });
    const before = await triggers();
    const ask = before.pending.find((p) => p.rule === 'ask')!;
    const gone = before.pending.find((p) => p.rule === 'gone')!;
    expect(ask).toMatchObject({ outcome: 'pending', prompt: 'Echo {"v":7}?' });
    expect(gone).toMatchObject({ outcome: 'pending' });
    expect(before.firings.filter((f) => f.rule === 'alert').map((f) => f.outcome)).toEqual(['notified', 'rate-limited']);
    const alertBefore = before.rules.find((r) => r.rule.name === 'alert')!;
    expect(alertBefore.firings).toBe(1);

    await stopServe();
    // While no owner runs, the rule of one waiting confirmation goes away.
    writeRules([ASK, ALERT]);
    const none = await runSwitchboard(world, ['open', '--no-browser']);
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining('No Switchboard is running for this data folder. Start one with "switchboard serve"') });
    await startServe();
    // `switchboard open` gives the new owner's address (what a tab of the old one tells a person to run).
    const open = await runSwitchboard(world, ['open', '--no-browser']);
    expect(open.code).toBe(0);
    expect(open.stdout).toMatch(/^Switchboard is running at http:\/\/127\.0\.0\.1:\d+\/\?token=\S{16,}\n$/);

    const after = await triggers();
    expect(after.warnings).toEqual([]);
    expect(after.pending.map((p) => [p.id, p.rule, p.outcome])).toEqual([[ask.id, 'ask', 'pending']]);
    expect(after.firings.find((f) => f.id === gone.id)).toMatchObject({ outcome: 'expired', error: 'the rule was removed or changed to be invalid' });
    const alertAfter = after.rules.find((r) => r.rule.name === 'alert')!;
    expect(alertAfter.firings).toBe(1);
    expect(alertAfter.lastFiring).toMatchObject({ outcome: 'rate-limited' });
    expect(after.rules.find((r) => r.rule.name === 'ask')!.firings).toBe(1);
    const summary = await api.call('channels:summary', {});
    expect(summary.ok && summary.data.pendingConfirmations).toBe(1);

    // The rate limit's hour started before the restart: the next alert is skipped.
    await notifyAndFire('notifications/alerts/critical', 'alert', { n: 3 });
    expect((await triggers()).firings.filter((f) => f.rule === 'alert').map((f) => f.outcome)).toEqual(['notified', 'rate-limited', 'rate-limited']);

    const list = await runSwitchboard(world, ['triggers']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('alert  notify  any server · channel alerts · at most once per 1h  — fired 1');
    expect(list.stdout).toContain(`${ask.id}  ask  #`);
    const confirm = await runSwitchboard(world, ['triggers', 'confirm', ask.id]);
    expect(confirm.code).toBe(0);
    expect(confirm.stdout).toMatch(/ask {2}#\d+ mon deploy\/done {2}ran {2}→ echo: \{"v":7\}/);

    // The file holds one record per line, bounded by the engine's own limits.
    const lines = readFileSync(join(world.dataDir, 'trigger-state.jsonl'), 'utf8').trim().split('\n');
    expect(lines.every((l) => typeof JSON.parse(l) === 'object')).toBe(true);
  }, 300_000);
});
