/**
 * The core facade over real discovery, the real trust store and manager, and the real
 * server-everything, in a temp machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/api/contract.js';
import { ServersSnapshotSchema, type LogEntry, type ServersSnapshot } from '../../../src-shared/api/status.js';
import { createSwitchboardCore, type CoreExtras } from './switchboard-core.js';
import {
  BROKEN_ENTRY,
  everythingEntry,
  everythingScript,
  makeWorld,
  processesWithMarker,
  tripwireEntry,
  waitFor,
  writeOwnServers,
  writeProjectConfig,
  type TempWorld,
} from './test-world.js';
import { TrustStore } from '../config/trust.js';
import type { SwitchboardCore } from '../facade/types.js';

const SECRET = 'sk-live-0123456789-never-on-the-wire';

interface Harness {
  world: TempWorld;
  core: SwitchboardCore;
  events: { event: EventName; payload: unknown }[];
}

const open: Harness[] = [];

function harness(world: TempWorld, extras: CoreExtras = {}): Harness {
  const core = createSwitchboardCore(
    {
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode: 'cli',
      version: '1.2.3',
      referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker } },
    },
    extras,
  );
  const h: Harness = { world, core, events: [] };
  core.subscribe((event, payload) => h.events.push({ event, payload }));
  open.push(h);
  return h;
}

async function list(core: SwitchboardCore): Promise<ServersSnapshot> {
  const r = await core.handlers['servers:list']({});
  if (!r.ok) throw new Error(r.error.message);
  return ServersSnapshotSchema.parse(r.data);
}

afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.core.dispose();
    expect(processesWithMarker(h.world.marker)).toEqual([]);
    h.world.cleanup();
  }
});

describe('createSwitchboardCore', () => {
  it('never puts env, header or auth values in the snapshot or its events', async () => {
    const world = makeWorld();
    writeProjectConfig(world, { everything: everythingEntry(world, { API_KEY: SECRET }) });
    writeOwnServers(world, {
      remote: { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: `Bearer ${SECRET}` }, auth: { type: 'bearer', token: SECRET } },
    });
    await new TrustStore(world.dataDir).trust(world.project);
    const { core, events } = harness(world);
    await core.start();
    await core.settled();
    const snap = await list(core);
    expect(snap.servers.map((s) => s.server.name)).toEqual(['remote', 'everything']);
    expect(snap.servers.find((s) => s.server.name === 'everything')).toMatchObject({
      status: 'connected',
      server: { envKeys: ['SB_TEST_MARKER', 'API_KEY'] },
    });
    expect(snap.servers[0]!.server).toMatchObject({ headerKeys: ['Authorization'], authType: 'bearer' });
    expect(JSON.stringify(snap)).not.toContain(SECRET);
    await waitFor(() => events.some((e) => e.event === 'servers:changed'));
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it('keeps an untrusted project stopped until trust:grant, then connects it and says so', async () => {
    const world = makeWorld();
    const tripwire = join(world.root, 'spawned.txt');
    writeProjectConfig(world, { everything: everythingEntry(world), wire: tripwireEntry(tripwire) });
    writeOwnServers(world, {}); // nothing of our own
    const { core, events } = harness(world);
    await core.start();
    await core.settled();
    let snap = await list(core);
    expect(snap.project.trusted).toBe(false);
    expect(snap.servers.map((s) => s.status)).toEqual(['untrusted', 'untrusted']);
    expect(processesWithMarker(world.marker)).toEqual([]);
    expect(existsSync(tripwire)).toBe(false);

    const granted = await core.handlers['trust:grant']({});
    expect(granted.ok && granted.data.project.trusted).toBe(true);
    expect(new TrustStore(world.dataDir).isTrusted(world.project)).toBe(true);
    await core.settled();
    snap = await list(core);
    expect(snap.servers[0]).toMatchObject({ status: 'connected', server: { name: 'everything' } });
    expect(existsSync(tripwire)).toBe(true); // trusted now: the project's servers really run
    expect(snap.totals.tools).toBe(snap.servers[0]!.toolCount);
    const seen = await waitFor(() =>
      events.some((e) => e.event === 'servers:changed' && (e.payload as ServersSnapshot).servers[0]?.status === 'connected'),
    );
    expect(seen).toBe(true);
    expect(events.some((e) => e.event === 'tools:changed' && (e.payload as { server?: string }).server === 'everything')).toBe(true);
    const batched = await waitFor(() => events.some((e) => e.event === 'logs:appended'));
    expect(batched).toBe(true);
    const lines = events.filter((e) => e.event === 'logs:appended').flatMap((e) => e.payload as LogEntry[]);
    expect(lines.some((l) => l.server === 'everything')).toBe(true);
    expect(new Set(lines.map((l) => l.seq)).size).toBe(lines.length);
    expect(events.filter((e) => e.event === 'logs:appended').length).toBeLessThan(lines.length + 1);
  });

  it('numbers every list it builds, answers and events alike, per core (ServersSnapshot.revision)', async () => {
    const world = makeWorld();
    writeOwnServers(world, {});
    const { core, events } = harness(world);
    await core.start();
    await core.settled();
    const a = (await list(core)).revision!;
    expect(a.core).toMatch(/^[0-9a-f-]{36}$/);
    expect((await list(core)).revision).toEqual({ core: a.core, seq: a.seq + 1 });
    const added = await core.handlers['servers:addDefault']({});
    if (!added.ok) throw new Error(added.error.message);
    // Later than both (a coalesced event may have been built in between).
    expect(added.data.revision!.core).toBe(a.core);
    expect(added.data.revision!.seq).toBeGreaterThan(a.seq + 1);
    await waitFor(() => events.some((e) => e.event === 'servers:changed' && (e.payload as ServersSnapshot).revision!.seq > added.data.revision!.seq));
    const seqs = events.filter((e) => e.event === 'servers:changed').map((e) => (e.payload as ServersSnapshot).revision!);
    expect(seqs.every((r, i) => r.core === a.core && (i === 0 || r.seq > seqs[i - 1]!.seq))).toBe(true);
    // Another core (an owner started again) numbers its own lists.
    const other = (await list(harness(makeWorld()).core)).revision!;
    expect(other.core).not.toBe(a.core);
    expect(other.seq).toBe(1);
  });

  it('servers:addDefault writes the reference server, starts it, and names the same one a second time without writing', async () => {
    const world = makeWorld();
    const { core } = harness(world);
    await core.start();
    expect((await list(core)).servers).toEqual([]);
    const added = await core.handlers['servers:addDefault']({});
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.data.servers.map((s) => [s.server.name, s.server.source.host, s.server.source.scope])).toEqual([['everything', 'switchboard', 'app']]);
    await core.settled();
    const tools = await core.handlers['tools:list']({ server: 'everything' });
    expect(tools.ok && tools.data.map((t) => t.agentName)).toContain('mcp_everything_echo');
    expect(added.data.demoServer).toBe('everything');
    // Asked again: the same server, nothing written.
    const file = readFileSync(join(world.dataDir, 'servers.json'), 'utf8');
    const again = await core.handlers['servers:addDefault']({});
    expect([again.ok && again.data.demoServer, readFileSync(join(world.dataDir, 'servers.json'), 'utf8')]).toEqual(['everything', file]);
  });

  it("servers:addDefault never takes another definition's name: the demo becomes everything-demo beside a host's everything (trial 13 item 6)", async () => {
    const world = makeWorld();
    const cursor = join(world.home, '.cursor', 'mcp.json');
    mkdirSync(dirname(cursor), { recursive: true });
    writeFileSync(cursor, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: ['-e', 'process.exit(1)'] } } }));
    const { core } = harness(world);
    await core.start();
    const added = await core.handlers['servers:addDefault']({});
    expect(added.ok && [added.data.demoServer, added.data.servers.map((s) => [s.server.name, s.server.source.host])]).toEqual([
      'everything-demo',
      [['everything-demo', 'switchboard'], ['everything', 'cursor']],
    ]);
  });

  it('maps tool calls: ok results, isError as ok, CoreErrors as failures with their code', async () => {
    const world = makeWorld();
    writeOwnServers(world, { everything: everythingEntry(world), broken: BROKEN_ENTRY, off: { ...BROKEN_ENTRY, enabled: false } });
    const { core } = harness(world);
    await core.start();
    await core.settled();
    const echo = await core.handlers['tools:call']({ server: 'everything', tool: 'echo', args: { message: 'hi' } });
    expect(echo.ok && echo.data).toMatchObject({ server: 'everything', tool: 'echo', isError: false, text: 'Echo: hi' });
    const toolError = await core.handlers['tools:call']({ server: 'everything', tool: 'get-sum', args: { a: 'x' } });
    expect(toolError.ok && toolError.data.isError).toBe(true);
    expect(toolError.ok && toolError.data.text).toMatch(/^Error: /);
    const broken = await core.handlers['tools:call']({ server: 'broken', tool: 'x', args: {} });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error.code).toBe('NOT_CONNECTED');
    expect(!broken.ok && broken.error.message).toMatch(/^Failed to connect to "broken": .*ENOENT/);
    expect(await core.handlers['tools:call']({ server: 'off', tool: 'x', args: {} })).toEqual({
      ok: false,
      error: { code: 'DISABLED', message: 'Server "off" is disabled. Run switchboard enable off first.' },
    });
    expect(await core.handlers['tools:call']({ server: 'nope', tool: 'x', args: {} })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown server "nope"' },
    });
    expect(await core.handlers['tools:list']({ server: 'nope' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown server "nope"' } });
    const logs = await core.handlers['logs:get']({ server: 'everything' });
    expect(logs.ok && logs.data.length).toBeGreaterThan(0);
    const info = await core.handlers['app:info']({});
    expect(info).toEqual({
      ok: true,
      data: { version: '1.2.3', mode: 'cli', dataDir: world.dataDir, projectDir: world.project, platform: process.platform },
    });
  });

  it('shows shadowed definitions on the winner and runs only `onlyServers`', async () => {
    const world = makeWorld();
    const tripwire = join(world.root, 'spawned.txt');
    const own = writeOwnServers(world, { dup: everythingEntry(world), wire: tripwireEntry(tripwire) });
    const mcp = writeProjectConfig(world, { dup: BROKEN_ENTRY });
    await new TrustStore(world.dataDir).trust(world.project);
    const { core } = harness(world, { onlyServers: ['dup'] });
    await core.start();
    await core.settled();
    const snap = await list(core);
    expect(snap.servers.map((s) => [s.server.name, s.status])).toEqual([
      ['dup', 'connected'],
      ['wire', 'stopped'],
    ]);
    expect(snap.servers[0]!.server.source.file).toBe(own);
    expect(snap.servers[0]!.shadows.map((p) => [p.host, p.file, p.scope])).toEqual([['claude-code', mcp, 'project']]);
    expect(snap.shadowed.map((s) => [s.server.name, s.server.source.file, s.shadowedBy.file])).toEqual([['dup', mcp, own]]);
    expect(existsSync(tripwire)).toBe(false);
  });
});
