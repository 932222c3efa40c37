/**
 * `switchboard serve` stopped by Ctrl-C under `npm start` (docs/operator-verbs.md § serve): a
 * terminal sends SIGINT to the whole foreground group, and npm forwards the SIGINT it got to its
 * child, so serve receives the same press twice within milliseconds. That repeat is not a second
 * Ctrl-C: serve still shuts down cleanly and says so (a fresh-clone `npm start` stopped with no
 * "Stopped" line before). A repeat after REPEAT_SIGNAL_MS is a person's second press: exit at once.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_BIN, makeWorld, stubRenderer, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { EVERYTHING_SCRIPT } from '../core/mcp/testing/test-helpers.js';
import { isSecondPress, REPEAT_SIGNAL_MS } from './cli/commands/serve.js';

let world: TempWorld | undefined;
afterEach(() => world?.cleanup());

/** Start serve in `w`; resolves once it says how to stop it, with its output so far and its end. */
async function startServe(w: TempWorld) {
  const child = spawn(process.execPath, [CLI_BIN, 'serve'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 100_000;
  while (!out.includes('Press Ctrl-C to stop.') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  expect(out).toContain('Press Ctrl-C to stop.');
  return { child, ended, output: () => out };
}

describe('serve and a repeated stop signal', () => {
  it('the same SIGINT twice at once (a terminal group and npm forwarding it) still stops cleanly and says so', async () => {
    world = makeWorld();
    stubRenderer(world);
    // A server to stop, so the shutdown takes a while (stdin closed, the process waited for).
    writeOwnServers(world, { everything: { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], env: { SB_TEST_MARKER: world.marker } } });
    const { child, ended, output } = await startServe(world);
    child.kill('SIGINT');
    // npm's forward comes once its own handler ran: after serve took the first (two signals sent
    // together may merge into one delivery, which would test nothing), while it shuts down.
    await new Promise((r) => setTimeout(r, 40));
    child.kill('SIGINT');
    expect(await ended).toBe(0);
    expect(output().trim().split('\n').at(-1)).toMatch(/^Stopped; [01] servers? stopped\.$/);
  }, 120_000);

  it('a repeat within REPEAT_SIGNAL_MS is the same press; one later is a second press', () => {
    expect([isSecondPress(1_000, 1_000), isSecondPress(1_000, 1_000 + REPEAT_SIGNAL_MS - 1), isSecondPress(1_000, 1_000 + REPEAT_SIGNAL_MS)]).toEqual([false, false, true]);
  });
});
