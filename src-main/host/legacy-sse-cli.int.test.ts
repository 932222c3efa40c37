/**
 * The trial's exact steps (trial 5 finding 10), with the built CLI and the real server-everything
 * serving the legacy HTTP+SSE transport: `switchboard add x --url http://…/sse` without
 * `--transport sse`, then `status x`. Before, status said "Error POSTing to endpoint: <ten lines of
 * HTML> (HTTP 404)" and no more; now one line of the page's words and the hint to use sse; with the
 * transport set to sse it connects.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../core/mcp/testing/test-helpers.js';
import { everythingScript, makeWorld, runSwitchboard, waitFor, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
let server: ChildProcess | undefined;
let url = '';

beforeAll(async () => {
  world = makeWorld();
  const port = await freePort();
  server = spawn(process.execPath, [everythingScript(), 'sse'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  server.stderr!.on('data', (d: Buffer) => (said += d.toString()));
  expect(await waitFor(() => said.includes(`port ${port}`))).toBe(true);
  url = `http://127.0.0.1:${port}/sse`;
}, 120_000);

afterAll(() => {
  server?.kill('SIGKILL');
  world?.cleanup();
});

describe('add --url …/sse without --transport sse', () => {
  it('status names the page in one line and says to use --transport sse; with sse it connects', async () => {
    const added = await runSwitchboard(world, ['add', 'x', '--url', url]);
    expect(added.code).toBe(0);
    const status = await runSwitchboard(world, ['status', 'x']);
    expect(status.stdout).toContain('  ↳ Failed to connect to "x": Error POSTing to endpoint: Cannot POST /sse (HTTP 404)\n');
    expect(status.stdout).toContain(
      '    This looks like a legacy HTTP+SSE server (a Streamable HTTP POST got 404 and the URL ends in /sse): set its transport to sse — add --transport sse to switchboard add, or "type": "sse" in its config.\n',
    );
    expect(status.stdout).not.toContain('<html');
    const json = JSON.parse((await runSwitchboard(world, ['status', 'x', '--json'])).stdout) as { servers: { failure?: { hint?: string } }[] };
    expect(json.servers[0]!.failure?.hint).toContain('legacy HTTP+SSE server');
    expect(status.code).toBe(2);
    expect((await runSwitchboard(world, ['remove', 'x'])).code).toBe(0);
    expect((await runSwitchboard(world, ['add', 'x', '--url', url, '--transport', 'sse'])).code).toBe(0);
    const fixed = await runSwitchboard(world, ['status', 'x']);
    expect(fixed.stdout).toMatch(/● x +connected/);
    expect(fixed.code).toBe(0);
  }, 180_000);
});
