/**
 * Issue 11 item 2: the desktop app and `switchboard serve` own a data folder through one sequence
 * (start-owner.ts). Both faces run here for real — real cores, real lock and endpoint files, real
 * 127.0.0.1 listeners — with only Electron faked (a `DesktopShell` of plain functions). Each
 * face's call of `startOwner` is observed through its `onStep` hook, added by a pass-through
 * wrapper of the module.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWorld, stubRenderer, type TempWorld } from '../core/composition/test-world.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import { readLiveEndpoint } from './ownership.js';
import { OWNER_STEPS, type OwnerStep, type StartOwnerOptions } from './start-owner.js';
import { startDesktopOwner, type DesktopShell } from '../app/desktop-owner.js';
import { runServe } from '../host/cli/commands/serve.js';
import type { CliContext } from '../host/cli/context.js';

const calls = vi.hoisted(() => [] as { mode: string; steps: string[] }[]);
vi.mock('./start-owner.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./start-owner.js')>();
  return {
    ...actual,
    startOwner: (options: StartOwnerOptions) => {
      const call = { mode: options.mode, steps: [] as string[] };
      calls.push(call);
      return actual.startOwner({
        ...options,
        onStep: (step: OwnerStep) => {
          call.steps.push(step);
          options.onStep?.(step);
        },
      });
    },
  };
});

let world: TempWorld | undefined;
afterEach(() => {
  world?.cleanup();
  world = undefined;
  calls.length = 0;
});

/** A fake of the Electron pieces the desktop start uses: it records what it was asked to do. */
function fakeShell(): DesktopShell & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    showErrorBox: (title, text) => said.push(`dialog: ${title}: ${text}`),
    quit: () => said.push('quit'),
    warn: (text) => said.push(`warn: ${text}`),
    error: (text) => said.push(`error: ${text}`),
  };
}

function serveContext(w: TempWorld, out: string[]): CliContext {
  return {
    cli: { command: 'serve', positionals: [], json: false, help: false, version: false, flags: { port: '0' }, rest: [] },
    io: { out: (t) => out.push(t), err: (t) => out.push(`err: ${t}`) },
    platform: w.platform,
    projectDir: w.project,
    dataDir: w.dataDir,
    version: '0.0.0-test',
    cwd: w.project,
  };
}

async function waitUntil(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one start-owner sequence for the desktop app and serve', () => {
  it('the desktop path (Electron faked) and the serve path take the same steps in the same order, publish their mode, and release the folder', async () => {
    // Desktop: the app's start with a fake shell and a real core in mode electron.
    world = makeWorld();
    const shell = fakeShell();
    const faced: string[] = [];
    const owner = await startDesktopOwner(shell, {
      dataDir: world.dataDir,
      projectDir: world.project,
      createCore: () =>
        createSwitchboardCore({
          platform: world!.platform,
          projectDir: world!.project,
          dataDir: world!.dataDir,
          mode: 'electron',
          version: '0.0.0-test',
          referenceServer: { command: process.execPath, args: [] },
        }),
      // The window, IPC and tray are set up before the endpoint exists: nothing can reach the core earlier.
      // The window's own sandbox (main.ts) is registered here, before the owner's endpoint listens.
      face: (started) => {
        started.addAppsSandbox?.({ origin: 'http://127.0.0.1:1' });
        faced.push(readLiveEndpoint(world!.dataDir) === undefined ? 'face before endpoint' : 'face after endpoint');
      },
    });
    expect(owner).toBeDefined();
    await owner!.started;
    expect(faced).toEqual(['face before endpoint']);
    // The endpoint serves no page, so it starts no sandbox: the window is told its own (finding: it framed the endpoint's).
    expect(owner?.host.sandboxOrigin).toBeUndefined();
    expect(await owner?.core.handlers['apps:sandbox']({})).toEqual({ ok: true, data: { origin: 'http://127.0.0.1:1' } });
    expect(readLiveEndpoint(world.dataDir)).toMatchObject({ pid: process.pid, port: owner!.host.port, mode: 'electron', projectDir: world.project });
    await owner!.close();
    expect(readLiveEndpoint(world.dataDir)).toBeUndefined();
    expect(existsSync(join(world.dataDir, 'owner.lock'))).toBe(false);
    expect(shell.said).toEqual([]);
    world.cleanup();

    // Serve: the CLI verb in this process, stopped by its own SIGTERM handler.
    world = makeWorld();
    stubRenderer(world);
    const out: string[] = [];
    const before = [...process.listeners('SIGTERM'), ...process.listeners('SIGINT'), ...process.listeners('SIGHUP')];
    const served = runServe(serveContext(world, out));
    await waitUntil('serve to say it runs', () => out.some((l) => l.startsWith('Switchboard is running at ')) || out.some((l) => l.startsWith('err: ')));
    expect(out.filter((l) => l.startsWith('err: '))).toEqual([]);
    expect(out.at(-1)).toMatch(/\nPress Ctrl-C to stop\.$/);
    expect(readLiveEndpoint(world.dataDir)).toMatchObject({ pid: process.pid, mode: 'web', projectDir: world.project });
    // The terminal closing (SIGHUP) stops it as cleanly as Ctrl-C or kill.
    const added = process.listeners('SIGHUP').filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    for (const l of added) (l as (s: NodeJS.Signals) => void)('SIGHUP');
    expect(await served).toBe(0);
    expect(out.at(-1)).toBe('Stopped; 0 servers stopped.');
    for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) for (const l of process.listeners(sig)) if (!before.includes(l)) process.off(sig, l);
    expect(readLiveEndpoint(world.dataDir)).toBeUndefined();
    expect(existsSync(join(world.dataDir, 'owner.lock'))).toBe(false);

    // Both went through startOwner, with the whole sequence.
    expect(calls.map((c) => c.mode)).toEqual(['electron', 'web']);
    expect(calls[0]!.steps).toEqual([...OWNER_STEPS]);
    expect(calls[1]!.steps).toEqual(calls[0]!.steps);
  }, 180_000);
});
