/**
 * PATH (issue 14 item 9), with real processes: the CLI and `serve` started with a bare PATH (as a
 * service or a launcher starts them) take the login shell's PATH the way the desktop app does, so a
 * server whose command lives only on the login shell's PATH starts; and a `spawn … ENOENT` names
 * the PATH searched and suggests the absolute path the login shell finds. The login shell is a
 * small script standing in for the user's (its "profile" adds a folder to PATH).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolsListing } from '../../src-shared/api/status.js';
import { CLI_BIN, makeWorld, processesWithMarker, runSwitchboard, stubRenderer, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';

const FIXTURE = fileURLToPath(new URL('../core/mcp/testing/fixtures/many-tools-server.mjs', import.meta.url));
const BARE_PATH = '/usr/bin:/bin';

let world: TempWorld;
let toolDir: string;

function executable(path: string, text: string): string {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

beforeAll(() => {
  world = makeWorld();
  toolDir = join(world.root, 'login-only-bin');
  mkdirSync(toolDir);
  // A server command found only on the login shell's PATH (like ~/.local/bin/uvx).
  executable(join(toolDir, 'sb-login-only-server'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(FIXTURE)}\n`);
  const shell = executable(
    join(world.root, 'login-shell'),
    `#!/bin/sh\n# stands in for the user's login shell: its profile puts the tool folder on PATH\nPATH=${JSON.stringify(toolDir)}:"$PATH"; export PATH\nwhile [ "$#" -gt 1 ]; do shift; done\nexec /bin/sh -c "$1"\n`,
  );
  Object.assign(world.env, { PATH: BARE_PATH, SHELL: shell });
  // serve refuses to start without a built web UI; this test is about PATH, not the UI build.
  stubRenderer(world);
  const env = { SB_TEST_MARKER: world.marker, MANY_TOOLS: '3' };
  writeOwnServers(world, {
    onpath: { transport: 'stdio', command: 'sb-login-only-server', env },
    // Its own env sets a bare PATH: the spawn searches that one, and the login shell knows better.
    pinned: { transport: 'stdio', command: 'sb-login-only-server', env: { ...env, PATH: BARE_PATH } },
  });
});
afterAll(() => world.cleanup());

describe('the login shell PATH for the CLI and serve', () => {
  it('a one-shot CLI core finds a command that only the login shell has on PATH', async () => {
    const run = await runSwitchboard(world, ['tools', 'onpath', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as ToolsListing).tools.map((t) => t.name)).toEqual(['tool1', 'tool2', 'tool3']);
  }, 180_000);

  it('a spawn ENOENT names the PATH searched and the absolute path the login shell finds', async () => {
    const run = await runSwitchboard(world, ['tools', 'pinned']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `spawn sb-login-only-server ENOENT: "sb-login-only-server" is not in any folder of the PATH searched (${BARE_PATH}). Your login shell (${world.env.SHELL}) finds it at ${join(toolDir, 'sb-login-only-server')}: use that absolute path as the command.`,
    );
  }, 180_000);

  it('switchboard serve (started with a bare PATH) runs it too: status through the owner says connected', async () => {
    const serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: world.project, env: world.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      let out = '';
      serve.stdout.on('data', (d: Buffer) => (out += d.toString()));
      expect(await waitFor(() => /Switchboard is running at/.test(out), 60_000, 100)).toBe(true);
      let status = '';
      const connected = await waitFor(async () => {
        const run = await runSwitchboard(world, ['status', 'onpath']);
        status = run.stdout;
        return /onpath\s+connected\s+3 tools/.test(run.stdout);
      }, 60_000, 500);
      expect(connected, status).toBe(true);
    } finally {
      try {
        process.kill(-serve.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      await waitFor(() => serve.exitCode !== null || serve.signalCode !== null, 15_000);
    }
    expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 15_000)).toBe(true);
  }, 150_000);
});
