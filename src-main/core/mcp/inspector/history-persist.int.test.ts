/**
 * Issue 14 item 12, History that lasts: calls to a real server (server-everything over stdio) are
 * kept in `<dataDir>/history.json` across a core's restart, redacted by the one rule (a held env
 * value and a secret-named argument never reach the file), opened (`history:get`) and replayed
 * (`history:replay`) from a new core, which asks again for what was redacted. Also: two cores on
 * one data folder writing at once lose no record (file lock + merge), and a history file that
 * does not parse is moved aside (data-files.ts), not overwritten.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingEntry, everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { HISTORY_FILE } from './history-file.js';

const PLANTED = 'history-planted-secret-7c1e9a';
let world: TempWorld | undefined;
const cores: SwitchboardCore[] = [];

function newCore(w: TempWorld): SwitchboardCore {
  const core = createSwitchboardCore({ platform: w.platform, projectDir: w.project, dataDir: w.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
  cores.push(core);
  return core;
}

function setUp(): TempWorld {
  world = makeWorld();
  world.env.SB_HISTORY_SECRET = PLANTED;
  // An env value given by NAME is resolved from the environment and held as a secret (docs/auth.md).
  writeOwnServers(world, { everything: everythingEntry(world, { HISTORY_KEY: 'SB_HISTORY_SECRET' }) });
  return world;
}

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  world?.cleanup();
  world = undefined;
});

async function must<T>(r: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const res = await r;
  if (!res.ok) throw new Error(res.error.message);
  return res.data;
}

describe('call history kept in the data folder (issue 14 item 12)', () => {
  it('outlives the core, is redacted on disk, opens a past result and replays it asking again for what was redacted', async () => {
    const w = setUp();
    const first = newCore(w);
    await first.start();
    await must(first.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'first call' } } as never));
    await must(first.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: `key is ${PLANTED}` } } as never));
    await must(first.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'with a password', password: 'hunter2-hunter2' } } as never));
    await first.dispose();

    const file = join(w.dataDir, HISTORY_FILE);
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(PLANTED);
    expect(text).not.toContain('hunter2-hunter2');
    expect(JSON.parse(text).records).toHaveLength(3);

    const second = newCore(w);
    await second.start();
    const listed = await must(second.handlers['history:list']({ server: 'everything' }));
    expect(listed.map((r) => r.args.message)).toEqual(['first call', 'key is [redacted]', 'with a password']);
    expect(listed.map((r) => r.redacted)).toEqual([undefined, ['message'], ['password']]);
    expect(listed.every((r) => r.outcome === 'ok')).toBe(true);

    const opened = await must(second.handlers['history:get']({ id: listed[0]!.id }));
    expect(opened.resultText).toContain('Echo: first call');
    expect((await must(second.handlers['history:get']({ id: listed[1]!.id }))).resultText).toContain('key is [redacted]');

    // A replay never sends the mask: the redacted argument must be given again.
    const refused = await second.handlers['history:replay']({ id: listed[2]!.id } as never);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('BAD_REQUEST');
      expect(refused.error.message).toBe('Replaying echo on everything needs these arguments again: password (redacted when recorded)');
    }
    const replayed = await must(second.handlers['history:replay']({ id: listed[2]!.id, args: { password: 'another-pass-1' } } as never));
    expect(replayed.text).toContain('Echo: with a password');
    const again = await must(second.handlers['history:replay']({ id: listed[0]!.id } as never));
    expect(again.text).toContain('Echo: first call');

    const after = await must(second.handlers['history:list']({ server: 'everything' }));
    expect(after).toHaveLength(5);
    expect(after.slice(3).map((r) => r.args.message)).toEqual(['with a password', 'first call']);
    const missing = await second.handlers['history:get']({ id: 'call-nope' });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('NOT_FOUND');
    await second.dispose();
    expect(JSON.parse(readFileSync(file, 'utf8')).records).toHaveLength(5);
    expect(readFileSync(file, 'utf8')).not.toContain('another-pass-1');
  }, 120_000);

  it('two cores writing one data folder at once keep every call', async () => {
    const w = setUp();
    const a = newCore(w);
    const b = newCore(w);
    await Promise.all([a.start(), b.start()]);
    const calls = (core: SwitchboardCore, tag: string) =>
      Promise.all(Array.from({ length: 6 }, (_, i) => must(core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: `${tag}-${i}` } } as never))));
    await Promise.all([calls(a, 'a'), calls(b, 'b')]);
    await Promise.all([a.dispose(), b.dispose()]);
    const records = JSON.parse(readFileSync(join(w.dataDir, HISTORY_FILE), 'utf8')).records as { args: { message: string } }[];
    expect(records.map((r) => r.args.message).sort()).toEqual([...['a', 'b'].flatMap((t) => Array.from({ length: 6 }, (_, i) => `${t}-${i}`))].sort());
  }, 120_000);

  it('a history file that does not parse is moved aside to history.json.bad-<time>, not overwritten (issue 27 item 2)', async () => {
    const w = setUp();
    const file = join(w.dataDir, HISTORY_FILE);
    writeFileSync(file, '{"version":1,"records":[', { mode: 0o600 });
    const core = newCore(w);
    await core.start();
    expect(await must(core.handlers['history:list']({}))).toEqual([]);
    await must(core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'after the bad file' } } as never));
    await core.dispose();
    const bad = readdirSync(w.dataDir).filter((f) => f.startsWith(`${HISTORY_FILE}.bad-`));
    expect(bad).toHaveLength(1);
    expect(readFileSync(join(w.dataDir, bad[0]!), 'utf8')).toBe('{"version":1,"records":[');
    expect((JSON.parse(readFileSync(file, 'utf8')).records as unknown[]).length).toBe(1);
  }, 120_000);
});
