/**
 * Issue 27 items 1 and 2 (docs/security.md#data-files), on real files: a data file replaced by a
 * symlink out of the data folder is neither read nor written through — its target stays as it was
 * and the person is told (the writer's error, a status warning); a data folder that is a link is
 * used only when named in SWITCHBOARD_HOME; the folder is 0700 and the files 0600; a state.json
 * that does not parse is kept as `.bad-*`, the person told, and the manual stop recovered from
 * `state.json.prev`.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateStore } from './state-store.js';
import { TrustStore } from '../config/trust.js';
import { ToolPinStore } from '../trust/tool-pins.js';
import { HistoryFile } from '../mcp/inspector/history-file.js';
import { CredentialStore } from '../auth/credential-store.js';
import { FileSecretStore } from '../secrets/file-secret-store.js';
import { SecretBindings } from '../secrets/secret-bindings.js';
import { ChannelFile } from '../channels/channel-file.js';
import { TriggerStateWriter } from '../channels/trigger-state-file.js';
import { readTriggersFile } from '../channels/triggers-file.js';
import { acquireOwnership } from '../../owner/ownership.js';
import { recordChildren } from '../../owner/owner-children.js';
import { ensureDataDir } from './data-dir.js';
import { dataFileProblems } from './data-file-problems.js';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A data folder and, beside it, a folder of files a link could point at. */
function folders(): { data: string; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'sb-data-files-')));
  roots.push(root);
  const data = join(root, 'data');
  const outside = join(root, 'outside');
  mkdirSync(data, { mode: 0o700 });
  mkdirSync(outside);
  return { data, outside };
}

/** Replace `<data>/<name>` by a link to a file outside holding `OUTSIDE <name>` (mode 0644); returns the target. */
function plant(data: string, outside: string, name: string): string {
  const target = join(outside, name);
  writeFileSync(target, `OUTSIDE ${name}\n`, { mode: 0o644 });
  symlinkSync(target, join(data, name));
  return target;
}

const problemOf = (data: string, name: string) => dataFileProblems(data).find((p) => p.file === join(data, name));

/** Each kind of data file, with its own writer (or reader) run against a link at its name. */
const WRITERS: { name: string; run: (data: string) => Promise<unknown> }[] = [
  { name: 'state.json', run: (data) => new StateStore(data).update('manualStops', () => ({ x: 'f' })) },
  { name: 'trust.json', run: (data) => new TrustStore(data).trust(data) },
  { name: 'tool-pins.json', run: (data) => new ToolPinStore(data).setMode('s', 'block') },
  {
    name: 'history.json',
    run: async (data) => {
      const warnings: string[] = [];
      const file = new HistoryFile(data, (w) => warnings.push(w));
      file.append({ id: 'r1', server: 's', tool: 't', args: {}, startedAt: 1, durationMs: 1, outcome: 'ok', preview: 'p' });
      await file.flush();
      if (warnings.length > 0) throw new Error(warnings.join('; '));
    },
  },
  { name: 'credentials.json', run: (data) => new CredentialStore(data, new FileSecretStore(join(data, 'unused.json'))).mapServer('s', 'c1') },
  { name: 'secrets.json', run: (data) => new FileSecretStore(join(data, 'secrets.json')).set('account', 'value') },
  { name: 'secret-bindings.json', run: (data) => new SecretBindings(data).bind(['secret:a'], { server: 's', file: '/f' }, 'replace') },
  { name: 'channels.jsonl', run: async (data) => new ChannelFile(join(data, 'channels.jsonl')).appendLines(['{"seq":1}']) },
  {
    name: 'trigger-state.jsonl',
    run: async (data) => {
      const errors: unknown[] = [];
      const writer = new TriggerStateWriter(join(data, 'trigger-state.jsonl'), () => ({ rules: new Map([['r', { count: 1 }]]), firings: [], pendingOnly: [] }), (e) => errors.push(e));
      writer.schedule();
      await writer.flush();
      if (errors.length > 0) throw errors[0];
    },
  },
  {
    name: 'triggers.json',
    run: async (data) => {
      const loaded = await readTriggersFile(join(data, 'triggers.json'));
      if (loaded.warnings.length > 0) throw new Error(loaded.warnings[0]!.message);
    },
  },
  { name: 'endpoint.json', run: (data) => acquireOwnership(data, process.pid).publish({ port: 1, token: 'a'.repeat(32), mode: 'web', projectDir: data }) },
  { name: 'owner-children.json', run: (data) => recordChildren(data, [], process.pid) },
];

describe('data files are never read or written through a symlink (issue 27 item 1)', () => {
  for (const { name, run } of WRITERS) {
    it(`${name}: the link's target is unchanged, the writer is refused, the status says why`, async () => {
      const { data, outside } = folders();
      const target = plant(data, outside, name);
      await expect(run(data)).rejects.toThrow(`${join(data, name)} is a symlink; Switchboard's data files must be plain files in its data folder`);
      expect(readFileSync(target, 'utf8')).toBe(`OUTSIDE ${name}\n`);
      expect(statSync(target).mode & 0o777).toBe(0o644);
      expect(lstatSync(join(data, name)).isSymbolicLink()).toBe(true);
      expect(problemOf(data, name)).toMatchObject({ severity: 'error' });
      // Nothing else appeared outside (no lock folder, no temp, no .prev next to the target).
      expect(readdirSync(outside)).toEqual([name]);
    });
  }

  it('owner.lock: a link at its name is removed, never followed; the owner takes a plain lock file', () => {
    const { data, outside } = folders();
    const target = join(outside, 'owner.lock');
    writeFileSync(target, `${process.ppid}\n`, { mode: 0o644 });
    symlinkSync(target, join(data, 'owner.lock'));
    const owned = acquireOwnership(data, process.pid);
    expect(readFileSync(target, 'utf8')).toBe(`${process.ppid}\n`);
    expect(lstatSync(join(data, 'owner.lock')).isFile()).toBe(true);
    expect(readFileSync(join(data, 'owner.lock'), 'utf8')).toBe(`${process.pid}\n`);
    owned.release();
  });

  it('a data folder that is a link is used only when the person named it in SWITCHBOARD_HOME', async () => {
    const { data, outside } = folders();
    const link = join(outside, 'linked-data');
    symlinkSync(data, link);
    await expect(new StateStore(link).update('k', () => 1)).rejects.toThrow(`the data folder ${link} is a symlink; Switchboard follows it only when you name it in SWITCHBOARD_HOME`);
    expect(() => acquireOwnership(link, process.pid)).toThrow(`the data folder ${link} is a symlink`);
    expect(readdirSync(data)).toEqual([]);
    expect(dataFileProblems(link)).toEqual([expect.objectContaining({ file: link, severity: 'error' })]);
    ensureDataDir(link, { SWITCHBOARD_HOME: link });
    await new StateStore(link).update('k', () => 1);
    expect(JSON.parse(readFileSync(join(data, 'state.json'), 'utf8'))).toEqual({ k: 1 });
    expect(dataFileProblems(link)).toEqual([]);
  });
});

const open = trackCores();

/** A core over `world` that starts no server (what the CLI uses when no owner runs). */
function offlineCore(world: TempWorld) {
  const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { onlyServers: [] });
  open.push({ world, core });
  return core;
}

describe('a whole core over a redirected or damaged data folder', () => {
  it('a stop refused for a symlinked state.json: the target unchanged, the status warns', async () => {
    const world = makeWorld();
    const server = { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_MARKER: world.marker } };
    writeOwnServers(world, { everything: server });
    const target = join(world.root, 'elsewhere.json');
    writeFileSync(target, '{"mine": true}\n');
    symlinkSync(target, join(world.dataDir, 'state.json'));
    const core = offlineCore(world);
    await core.start();
    const stop = await core.handlers['servers:stop']({ server: 'everything' });
    expect(stop).toMatchObject({ ok: false, error: { code: 'INVALID_CONFIG' } });
    expect(readFileSync(target, 'utf8')).toBe('{"mine": true}\n');
    const status = await ok(core.handlers['servers:list']({}));
    expect(status.warnings.filter((w) => w.file === join(world.dataDir, 'state.json'))).toEqual([
      {
        file: join(world.dataDir, 'state.json'),
        ...warningCode('data-file-refused'),
        message: `${join(world.dataDir, 'state.json')} is a symlink; Switchboard's data files must be plain files in its data folder, so it was neither read nor written — remove it and Switchboard writes a new one`,
      },
    ]);
  }, 120_000);

  it('the folder is made 0700 and the files 0600, existing wider ones narrowed', async () => {
    const world = makeWorld();
    chmodSync(world.dataDir, 0o755);
    writeFileSync(join(world.dataDir, 'state.json'), '{}\n', { mode: 0o644 });
    chmodSync(join(world.dataDir, 'state.json'), 0o644);
    // Files no verb reads in this run are narrowed at start too (links left alone).
    writeFileSync(join(world.dataDir, 'tool-pins.json'), '{"servers": {}}\n', { mode: 0o644 });
    chmodSync(join(world.dataDir, 'tool-pins.json'), 0o644);
    mkdirSync(join(world.dataDir, 'backups'), { mode: 0o755 });
    writeFileSync(join(world.dataDir, 'backups', 'settings.json.0a1b2c3d.2026'), '{}\n', { mode: 0o644 });
    chmodSync(join(world.dataDir, 'backups', 'settings.json.0a1b2c3d.2026'), 0o644);
    writeOwnServers(world, { everything: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
    const core = offlineCore(world);
    await core.start();
    await ok(core.handlers['servers:stop']({ server: 'everything' }));
    await ok(core.handlers['servers:stop']({ server: 'everything' }));
    expect(statSync(world.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(world.dataDir, 'backups')).mode & 0o777).toBe(0o700);
    for (const name of ['state.json', 'state.json.prev', 'tool-pins.json', 'backups/settings.json.0a1b2c3d.2026']) expect([name, statSync(join(world.dataDir, name)).mode & 0o777]).toEqual([name, 0o600]);
  }, 120_000);

  it('a corrupt state.json is kept as .bad-*, the person told, and the manual stop recovered from state.json.prev (issue 27 item 2)', async () => {
    const world = makeWorld();
    const server = { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_MARKER: world.marker } };
    writeOwnServers(world, { everything: server, other: server });
    const first = offlineCore(world);
    await first.start();
    await ok(first.handlers['servers:stop']({ server: 'everything' }));
    await ok(first.handlers['servers:stop']({ server: 'other' }));
    // Damaged by something else (a torn copy, an editor): not JSON any more.
    writeFileSync(join(world.dataDir, 'state.json'), '{"manualStops": {"everyth');

    const second = offlineCore(world); // a later process: nothing of the first one in memory
    await second.start();
    const status = await ok(second.handlers['servers:list']({}));
    expect(status.servers.find((s) => s.server.name === 'everything')?.manualStop).toBe(true);
    // `.prev` is the version before the last write: the stop of `other` came last and is the change that may be missing.
    expect(status.servers.find((s) => s.server.name === 'other')?.manualStop).toBeUndefined();
    const bad = readdirSync(world.dataDir).filter((f) => f.startsWith('state.json.bad-'));
    expect(bad).toHaveLength(1);
    expect(readFileSync(join(world.dataDir, bad[0]!), 'utf8')).toBe('{"manualStops": {"everyth');
    expect(statSync(join(world.dataDir, bad[0]!)).mode & 0o777).toBe(0o600);
    expect(status.warnings.filter((w) => w.file === join(world.dataDir, 'state.json'))).toEqual([
      {
        file: join(world.dataDir, 'state.json'),
        ...warningCode('data-file-restored'),
        message: expect.stringMatching(new RegExp(`^state\\.json did not parse \\(.+\\); it was kept as ${bad[0]!.replace(/\./g, '\\.')} and the previous version in state\\.json\\.prev was loaded instead — a change made just before the damage may be missing$`)),
      },
    ]);
    // Put back in place: every later reader (another process) sees the recovered state.
    expect(Object.keys((JSON.parse(readFileSync(join(world.dataDir, 'state.json'), 'utf8')) as { manualStops: object }).manualStops)).toEqual(['everything']);
  }, 120_000);
});
