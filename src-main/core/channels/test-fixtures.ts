/**
 * Test fixtures of the channels work (issue 13): the notifying MCP server (stdio, Streamable HTTP,
 * SSE) started from this repository with this Node, and a core harness over a temp machine.
 * Test-only: nothing outside tests and benchmarks imports this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EventName } from '../../../src-shared/api/contract.js';
import { createSwitchboardCore, type CoreExtras } from '../composition/switchboard-core.js';
import { everythingScript, type TempWorld } from '../composition/test-world.js';
import { killTree } from '../mcp/testing/test-helpers.js';
import type { CoreOptions, SwitchboardCore } from '../facade/types.js';

/** Absolute path of the notifying fixture server. */
export const NOTIFYING_SERVER = fileURLToPath(new URL('./fixtures/notifying-server.mjs', import.meta.url));

/** A stdio entry (servers.json shape) running the notifying server, tagged with the world's marker. */
export function notifyingEntry(world: TempWorld, extra: Record<string, unknown> = {}, env: Record<string, string> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [NOTIFYING_SERVER, 'stdio'], env: { SB_TEST_MARKER: world.marker, ...env }, ...extra };
}

/** A notifying server in an HTTP mode, listening on 127.0.0.1. */
export interface NotifyingHttp {
  /** `http://127.0.0.1:<port>/mcp` (Streamable HTTP) or `…/sse` (SSE). */
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Start the notifying server in `http` (Streamable HTTP) or `sse` mode; resolves once it listens. */
export function startNotifyingHttp(mode: 'http' | 'sse', env: Record<string, string> = {}): Promise<NotifyingHttp> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NOTIFYING_SERVER, mode], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}/${mode === 'sse' ? 'sse' : 'mcp'}`, process: child, stop: () => killTree(child) });
    });
    child.once('exit', (code) => reject(new Error(`notifying server (${mode}) exited with ${code}: ${err}`)));
  });
}

/** A core over `world` plus every event it emitted. */
export interface CoreHarness {
  core: SwitchboardCore;
  events: { event: EventName; payload: unknown }[];
  dispose(): Promise<void>;
}

/**
 * Create and start a core over `world` (`mode` default `web`: the data folder's owner, which persists
 * channels); with `settle` (default true) resolves once every server's connect attempt has ended.
 */
export async function startCore(world: TempWorld, extras: CoreExtras = {}, mode: CoreOptions['mode'] = 'web', { settle = true } = {}): Promise<CoreHarness> {
  const core = createSwitchboardCore(
    {
      platform: world.platform,
      projectDir: world.project,
      dataDir: world.dataDir,
      mode,
      version: '1.0.0',
      referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
    },
    { eventDelayMs: 10, ...extras },
  );
  const h: CoreHarness = { core, events: [], dispose: () => core.dispose() };
  core.subscribe((event, payload) => h.events.push({ event, payload }));
  await core.start();
  if (settle) await core.settled();
  return h;
}
