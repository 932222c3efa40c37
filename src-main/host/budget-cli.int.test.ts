/**
 * `switchboard budget` (issue 16 item 4) as a person runs it: the built CLI, one-shot, against the
 * real server-everything from Switchboard's own servers.json. The table (biggest first, totals,
 * the tokenizer named), `--json`, a tool switched off (written to servers.json's disabledTools) and
 * on again (the file as it was), and usage errors.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Budget } from '../../src-shared/api/budget.js';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
let file: string;
let original: string;

beforeAll(() => {
  world = makeWorld();
  file = writeOwnServers(world, { everything: everythingEntry(world) });
  original = readFileSync(file, 'utf8');
});

afterAll(() => {
  expect(processesWithMarker(world.marker)).toEqual([]);
  world.cleanup();
});

describe('switchboard budget (issue 16 item 4)', () => {
  it('prints the table biggest first, the totals and the tokenizer; --json has every tool', async () => {
    const json = await runSwitchboard(world, ['budget', '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const b = JSON.parse(json.stdout) as Budget;
    expect(b.host).toBe('bridge');
    expect(b.tools.length).toBeGreaterThan(10);
    expect(b.tools.every((t, i) => i === 0 || b.tools[i - 1]!.tokens.total >= t.tokens.total)).toBe(true);
    expect(b.totals.tokens).toBe(b.tools.reduce((s, t) => s + t.tokens.total, 0));
    expect(b.hosts.map((h) => h.id)).toEqual(['bridge', 'switchboard']);

    const text = await runSwitchboard(world, ['budget', '--top', '3']);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(`Switchboard's bridge: ${b.totals.tools} tools, ~${b.totals.tokens.toLocaleString('en-US')} tokens`);
    expect(text.stdout).toContain('gpt-tokenizer o200k_base');
    expect(text.stdout).toContain('an estimate for other model families');
    expect(text.stdout).toMatch(/everything\s+\d+\/\d+\s+[\d,]+\s+enabledTools \/ disabledTools in /);
    const biggest = b.tools[0]!;
    expect(lines.find((l) => l.endsWith(biggest.name))).toMatch(new RegExp(`^\\s*${biggest.tokens.total.toLocaleString('en-US')}\\s+on\\s+everything\\s+${biggest.name}$`));
    expect(text.stdout).toContain(`… ${b.tools.length - 3} more (--top to show more)`);
  }, 120_000);

  it('budget off writes disabledTools to servers.json and the total drops; budget on restores the file', async () => {
    const before = JSON.parse((await runSwitchboard(world, ['budget', '--json'])).stdout) as Budget;
    const echo = before.tools.find((t) => t.tool === 'echo')!;
    const off = await runSwitchboard(world, ['budget', 'off', 'everything', 'echo']);
    expect(off.code).toBe(0);
    expect(off.stdout).toBe(`echo of everything is off: enabledTools / disabledTools in ${file}\n`);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.everything.disabledTools).toEqual(['echo']);
    const after = JSON.parse((await runSwitchboard(world, ['budget', '--json'])).stdout) as Budget;
    expect(after.totals.tokens).toBe(before.totals.tokens - echo.tokens.total);
    expect(after.tools.find((t) => t.tool === 'echo')).toMatchObject({ on: false, offBy: 'host-list' });
    const on = await runSwitchboard(world, ['budget', 'on', 'everything', 'echo', '--json']);
    expect(JSON.parse(on.stdout)).toMatchObject({ server: 'everything', tool: 'echo', on: true, unchanged: false });
    expect(readFileSync(file, 'utf8')).toBe(original);
  }, 180_000);

  it('says what is wrong with bad input (exit 64) and names an unknown tool (exit 2)', async () => {
    const bad = await runSwitchboard(world, ['budget', 'frob']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('budget on|off <server> <tool>');
    const host = await runSwitchboard(world, ['budget', '--host', 'nowhere']);
    expect(host.code).toBe(64);
    expect(host.stderr).toContain('--host must be bridge or one of');
    const unknown = await runSwitchboard(world, ['budget', 'off', 'everything', 'no-such-tool']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('lists no tool "no-such-tool"');
    expect(readFileSync(file, 'utf8')).toBe(original);
  }, 120_000);
});
