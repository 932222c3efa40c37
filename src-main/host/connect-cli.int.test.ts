/**
 * Issue 31 item 1 as a new user would try it, real parts: the BUILT CLI's `switchboard connect
 * claude-code --dry-run`, then `connect`; the host's file now names the gateway; the entry it wrote,
 * started as Claude Code would start it, lists the host's server's tools through the gateway (the
 * MCP Apps fixture); a tool switched off in Switchboard is gone from its next `tools/list`; the
 * owner never spawns the gateway entry itself (processes counted in /proc); `disconnect` leaves the
 * file byte for byte as it was.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { DiscoveryReportSchema } from './cli/format.js';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeFiltersWorld } from '../core/gateway/test-filters-world.js';
import { doorCleanup, envOf } from './test-gateway-door.js';

const made = doorCleanup(60_000);

/** Command lines (NUL-split) of every process now. */
function commandLines(): string[][] {
  const out: string[][] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      out.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('switchboard connect / disconnect (issue 31 item 1)', () => {
  it('dry run, connect, the host entry serves through the gateway with the filters, no loop, disconnect byte for byte', async () => {
    const world = makeFiltersWorld();
    const file = join(world.home, '.claude.json');
    // A literal secret in the entry: connect sets it apart into the (real) keychain, out of the kept copy.
    const secret = 'sk-connect-test-0123456789abcdef';
    writeFileSync(file, readFileSync(file, 'utf8').replace('"SB_TEST_MARKER"', `"API_TOKEN": "${secret}",\n        "SB_TEST_MARKER"`));
    const original = readFileSync(file, 'utf8');
    expect(original).toContain(secret);
    // A project server in the (untrusted) project folder: fronted in Claude Code's local scope, its file untouched, never run.
    const tripwire = join(world.root, 'tripwire');
    const projectFile = join(world.project, '.mcp.json');
    writeFileSync(projectFile, `${JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(tripwire)}, 'ran')`] } } }, null, 2)}\n`);
    const projectText = readFileSync(projectFile, 'utf8');

    const dry = await runSwitchboard(world, ['connect', 'claude-code', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Dry run: nothing was written. Connecting Claude Code would change:');
    expect(dry.stdout).toContain('"--server",');
    expect(readFileSync(file, 'utf8')).toBe(original);

    const done = await runSwitchboard(world, ['connect', 'claude-code']);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Connected Claude Code through the gateway (proj, apps)');
    const entry = (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.apps;
    expect(entry?.command).toBe(process.execPath);
    expect(entry?.args.slice(1)).toEqual(['gateway', '--host', 'claude-code', '--server', 'apps']);
    expect(readFileSync(file, 'utf8')).not.toContain(secret);
    const copies = readdirSync(join(world.dataDir, 'connected'));
    expect(copies.length).toBe(1);
    expect(readFileSync(join(world.dataDir, 'connected', copies[0] ?? ''), 'utf8')).not.toContain(secret);
    expect(readFileSync(join(world.dataDir, 'connected-hosts.json'), 'utf8')).not.toContain(secret);
    expect(readFileSync(projectFile, 'utf8')).toBe(projectText);
    const servers = DiscoveryReportSchema.parse(JSON.parse((await runSwitchboard(world, ['servers', '--json'])).stdout)).servers;
    expect(servers.map((x) => [x.name, x.source.file, x.source.scope, x.status])).toEqual([
      ['apps', file, 'user', undefined],
      ['proj', projectFile, 'project', 'untrusted'],
    ]);
    const again = await runSwitchboard(world, ['connect', 'claude-code']);
    expect(again.code).toBe(64);
    expect(again.stderr).toContain('Claude Code is already connected through the gateway (each');

    // The entry as Claude Code starts it.
    const transport = new StdioClientTransport({ command: entry?.command ?? '', args: entry?.args ?? [], env: envOf(world.env), cwd: world.project, stderr: 'pipe' });
    const client = new Client({ name: 'connect-test', version: '1.0.0' });
    made(world, client);
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo', 'grow', 'show']);

    // One door process for `apps` (the one started here): the owner never runs the host's gateway entry.
    const doors = commandLines().filter((c) => c.includes('gateway') && c.includes('--server') && !c.includes('--headless-owner'));
    expect(doors.length).toBe(1);

    // The budget view's switches say they act: the host is connected (its file reads as before the connect).
    const budget = await runSwitchboard(world, ['budget', '--host', 'claude-code', '--json']);
    expect(budget.code).toBe(0);
    expect((JSON.parse(budget.stdout) as { gateway?: { connected: boolean } }).gateway?.connected).toBe(true);
    expect((await runSwitchboard(world, ['budget', 'off', 'apps', 'echo', '--host', 'claude-code'])).code).toBe(0);
    expect(await waitFor(() => changed > 0, 30_000)).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['grow', 'show']);

    const back = await runSwitchboard(world, ['disconnect', 'claude-code']);
    expect(back.code).toBe(0);
    expect(back.stderr).toContain(`${file} restored byte for byte as it was before connect`);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(readFileSync(projectFile, 'utf8')).toBe(projectText);
    expect(existsSync(tripwire)).toBe(false);
  }, 180_000);
});
