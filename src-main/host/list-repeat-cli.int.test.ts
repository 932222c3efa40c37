/**
 * Lists that lie (issue 14 item 7) for resources and prompts, through a running `switchboard serve`
 * and the CLI attached to it: the real inspector fixture answers resources/list and prompts/list
 * with its first page and a cursor that repeats (INSPECTOR_IGNORE_CURSOR_IN). Each list stops,
 * keeps each item once and says so with the true count, in the answer and in the status line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/inspector-server.mjs', import.meta.url));
const RESOURCES = 'resources/list repeated a cursor, so listing stopped and the list may be incomplete; 10 duplicate resources dropped: 10 resources';
const PROMPTS = 'prompts/list repeated a cursor, so listing stopped and the list may be incomplete; 1 duplicate prompt dropped: 1 prompt';

let world: TempWorld;
let serve: ChildProcess;

beforeAll(async () => {
  world = makeWorld();
  stubRenderer(world);
  writeOwnServers(world, { liar: { command: process.execPath, args: [FIXTURE], env: { SB_TEST_MARKER: world.marker, INSPECTOR_IGNORE_CURSOR_IN: 'resources,prompts' } } });
  serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  serve.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  expect(await waitFor(() => out.includes('Switchboard is running at'), 60_000)).toBe(true);
}, 120_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await waitFor(() => serve.exitCode !== null, 60_000);
  }
  world?.cleanup();
});

describe('resources/list and prompts/list whose cursor repeats (issue 14 item 7)', () => {
  it('stop, drop the duplicates, and say so with the true count in the answer and in status', async () => {
    expect(await waitFor(async () => /liar +connected/.test((await runSwitchboard(world, ['status'])).stdout), 60_000)).toBe(true);
    const resources = await runSwitchboard(world, ['resources', 'liar', '--json']);
    expect(resources.code).toBe(0);
    const listed = JSON.parse(resources.stdout) as { resources: { uri: string }[]; warning?: string };
    expect(listed.resources.map((r) => r.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `mem://r/${i}`));
    expect(listed.warning).toBe(RESOURCES);
    const prompts = await runSwitchboard(world, ['prompts', 'liar', '--json']);
    expect(prompts.code).toBe(0);
    const got = JSON.parse(prompts.stdout) as { prompts: { name: string }[]; warning?: string };
    expect(got.prompts.map((p) => p.name)).toEqual(['greet']);
    expect(got.warning).toBe(PROMPTS);
    const status = await runSwitchboard(world, ['status']);
    expect(status.stdout).toContain(`  ↳ warning: ${RESOURCES}; ${PROMPTS}`);
  }, 180_000);
});
