/**
 * Issue 30 item 3, what trial users tripped on, through the BUILT CLI with real parts: a host whose
 * entries are all broken (one points at a missing command, one has neither command nor URL) got an
 * empty list from its door with nothing on stderr, and `servers --host` showed ✓. Now the door says
 * at start-up, one line each, what is held back and why, and `servers --host` (attached to the door's
 * headless owner) shows each server's state through the gateway. `--print-entry` prints an entry
 * with node's and the CLI's absolute paths that a host can spawn as it is (no `npm link`).
 */
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { BROKEN_ENTRY, CLI_BIN, processesWithMarker, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld } from '../core/gateway/test-gateway-world.js';

/** The world's environment without unset names (the transport takes strings only). */
const stringEnv = (env: Record<string, string | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
};

describe('the gateway door after the trial (issue 30 item 3)', () => {
  it('says what it holds back at start-up, servers --host shows the real state, --print-entry gives an entry that runs', async () => {
    const { world, claudeFile } = makeGatewayWorld();
    writeFileSync(claudeFile, JSON.stringify({ mcpServers: { gone: BROKEN_ENTRY, nothing: { args: ['x'] } } }, null, 2));

    const printed = await runSwitchboard(world, ['gateway', '--host', 'claude-code', '--print-entry']);
    expect(printed.code).toBe(0);
    const entry = JSON.parse(printed.stdout) as { mcpServers: { switchboard: { command: string; args: string[] } } };
    expect(entry).toEqual({ mcpServers: { switchboard: { command: process.execPath, args: [CLI_BIN, 'gateway', '--host', 'claude-code'] } } });
    expect(printed.stderr).toContain('Or, with "switchboard" on the host\'s PATH (npm link, or a global install): "command": "switchboard", "args": ["gateway","--host","claude-code"]');

    // The host spawns exactly the printed entry.
    const { command, args } = entry.mcpServers.switchboard;
    const transport = new StdioClientTransport({ command, args, env: stringEnv(world.env), cwd: world.project, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'gateway-trial-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools).toEqual([]);

      // stderr is its own pipe: wait for the door's last start-up line rather than race stdout.
      expect(await waitFor(() => stderr.includes('gets no tools'), 10_000)).toBe(true);
      const lines = stderr.split('\n').filter((l) => l.startsWith('switchboard gateway: ') && !l.includes(' via '));
      const spawnError = 'spawn /nonexistent/mcp-server-broken ENOENT: no such file /nonexistent/mcp-server-broken (a command with a folder in it is not looked up on PATH)';
      expect(lines).toEqual([
        `switchboard gateway: Claude Code's file ${claudeFile}:7: Invalid server config: stdio transport requires "command" (server "nothing")`,
        `switchboard gateway: held back: gone (not-ready): server not ready (error): ${spawnError}`,
        'switchboard gateway: Claude Code gets no tools: every server of its files is held back (above)',
      ]);

      const servers = await runSwitchboard(world, ['servers', '--host', 'claude-code']);
      expect(servers.code).toBe(0);
      const section = servers.stdout.slice(servers.stdout.indexOf('  through the gateway')).trimEnd().split('\n');
      expect(section).toEqual([
        '  through the gateway (switchboard gateway --host claude-code):',
        `    ✕ ${claudeFile}:7  Invalid server config: stdio transport requires "command" (server "nothing")`,
        `    ✕ gone  not-ready: server not ready (error): ${spawnError}`,
      ]);
    } finally {
      await client.close().catch(() => undefined);
      // The headless owner the door started lingers out (1 s here): no server of the world is left.
      expect(await waitFor(() => processesWithMarker(world.marker).length === 0, 30_000)).toBe(true);
      world.cleanup();
    }
  }, 180_000);
});
