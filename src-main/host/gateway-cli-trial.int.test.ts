/**
 * The stdio door after its first trial (issue 30), with the built CLI: `--server` naming no server of
 * the host is refused at start-up (exit 64, the words on stderr) instead of serving a door whose
 * every `tools/list` fails with -32603; `gateway --help` names every host id.
 */
import { describe, expect, it } from 'vitest';
import { HOST_IDS } from '../../src-shared/config/server.js';
import { processesWithMarker, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';

describe('switchboard gateway: start-up checks (issue 30 trial)', () => {
  it('refuses a --server the host does not hold with exit 64 and its words; --help lists every host id', async () => {
    const { world } = makeGatewayWorld();
    try {
      const bad = await runSwitchboard(world, ['gateway', '--host', 'cursor', '--server', 'nosuch', '--project', world.project]);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toContain(`switchboard gateway: Server "nosuch" is not in Cursor's servers (for ${world.project})`);
      expect(bad.code).toBe(64);
      // The headless owner it started ends with it.
      expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);

      const help = await runSwitchboard(world, ['gateway', '--help']);
      expect(help.code).toBe(0);
      for (const id of HOST_IDS) expect(help.stdout).toContain(id);
      expect(help.stdout).toContain(`One of: ${HOST_IDS.join(', ')}`);
    } finally {
      world.cleanup();
    }
  }, 180_000);
});
