/**
 * A `[redacted]` placeholder in status where nothing was secret (issue 14 trial, first unreproduced):
 * a definition whose env took a folder from the environment (`WORK_DIR: ${SWITCHBOARD_HOME}`) had
 * that folder held as a secret, so `servers:list` (status --json, the UI) showed Switchboard's own
 * file as `[redacted]/servers.json` and each argument naming the folder as `[redacted]`. An existing
 * path from the environment is a place, not a credential (docs/security.md "Redaction"); a token
 * from the environment is still held.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { makeWorld, writeOwnServers } from '../composition/test-world.js';

const TOKEN = 'env-token-5b1e9d07c3a2';
const cores = trackCores();

describe('values held for redaction', () => {
  it('a folder from the environment is not [redacted] in status; a token from it is', async () => {
    const world = makeWorld();
    world.env.PLAIN_TOKEN_VAR = TOKEN;
    writeOwnServers(world, {
      // Disabled: nothing starts, but every discovered definition's values are held (issue 9 item 4).
      srv: { command: process.execPath, args: ['-e', '0', '--dir', world.dataDir, '--token', TOKEN], env: { WORK_DIR: '${SWITCHBOARD_HOME}', UPSTREAM: '${PLAIN_TOKEN_VAR}' }, enabled: false },
    });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0.0.0', referenceServer: { command: process.execPath, args: ['-e', '0'] } });
    cores.push({ world, core });
    await core.start();
    const snapshot = await ok(core.handlers['servers:list']({}));
    const srv = snapshot.servers.find((s) => s.server.name === 'srv')!;
    expect(srv.server.source.file).toBe(join(world.dataDir, 'servers.json'));
    expect(srv.server.args).toEqual(['-e', '0', '--dir', world.dataDir, '--token', '[redacted]']);
    expect(JSON.stringify(snapshot)).not.toContain(TOKEN);
  }, 120_000);
});
