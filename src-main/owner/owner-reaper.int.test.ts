/**
 * Issue 9 item 6, with the failing inputs: a server that double-forks a background process (which
 * ignores SIGTERM) leaves it running after stop; the children of a `kill -9`'d owner that ignore
 * SIGTERM live until the next owner starts. Real processes: the core stopping a server, and a real
 * `switchboard serve` killed with SIGKILL — no new owner is started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAlive } from '../core/mcp/transport/process-tree.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import { CLI_BIN, everythingScript, makeWorld, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { CHILDREN_FILE } from './owner-children.js';

const FORKER = fileURLToPath(new URL('../core/mcp/testing/fixtures/forking-server.mjs', import.meta.url));
let world: TempWorld;
let owner: ChildProcess | undefined;
const started: number[] = [];

beforeEach(() => {
  world = makeWorld();
});
afterEach(() => {
  if (owner?.exitCode === null) owner.kill('SIGKILL');
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  world.cleanup();
});

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

describe.skipIf(process.platform !== 'linux')('background processes of a stdio server (issue 9 item 6; Linux /proc)', () => {
  it('stop ends a double-forked process that ignores SIGTERM', async () => {
    const pidFile = join(world.root, 'daemon.pid');
    writeOwnServers(world, { forker: { command: process.execPath, args: [FORKER], env: { FORK_PID_FILE: pidFile } } });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } });
    try {
      await core.start();
      await core.settled();
      expect(await waitFor(() => readPid(pidFile) !== undefined, 20_000)).toBe(true);
      const daemon = readPid(pidFile)!;
      started.push(daemon);
      expect(isAlive(daemon)).toBe(true);
      const stopped = await core.handlers['servers:stop']({ server: 'forker' });
      expect(stopped.ok).toBe(true);
      expect(await waitFor(() => !isAlive(daemon), 15_000)).toBe(true);
    } finally {
      await core.dispose();
    }
  }, 180_000);

  it('after kill -9 of the owner, its servers that ignore SIGTERM (and what they double-forked) end without a new owner', async () => {
    const pidFile = join(world.root, 'daemon.pid');
    const rendererDir = join(world.root, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    world.env.SWITCHBOARD_RENDERER_DIR = rendererDir;
    writeOwnServers(world, { stubborn: { command: process.execPath, args: [FORKER], env: { FORK_PID_FILE: pidFile, STUBBORN: '1' } } });
    owner = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'ignore', 'ignore'] });
    const record = join(world.dataDir, CHILDREN_FILE);
    const recorded = () => {
      try {
        const r = JSON.parse(readFileSync(record, 'utf8')) as { children: { pid: number }[]; launches: string[] };
        return r.children.length > 0 && r.launches.length > 0 ? r : undefined;
      } catch {
        return undefined;
      }
    };
    expect(await waitFor(() => recorded() !== undefined && readPid(pidFile) !== undefined, 60_000)).toBe(true);
    const server = recorded()!.children[0]!.pid;
    const daemon = readPid(pidFile)!;
    started.push(server, daemon);
    expect(isAlive(server) && isAlive(daemon)).toBe(true);
    owner.kill('SIGKILL');
    expect(await waitFor(() => owner!.exitCode !== null || owner!.signalCode !== null, 10_000)).toBe(true);
    expect(await waitFor(() => !isAlive(server) && !isAlive(daemon), 30_000)).toBe(true);
    // The reaper cleaned up after itself too.
    expect(await waitFor(() => !existsSync(record), 10_000)).toBe(true);
  }, 120_000);
});
