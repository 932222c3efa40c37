/**
 * Issue 16 item 1 through the built CLI: `switchboard trust` approves definitions as they are;
 * a changed `.mcp.json` shows `changed` with its diff in `status` (and `--json`), starts nothing,
 * and `trust --review` / `trust --approve <server>` approve it again.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServersSnapshotSchema } from '../../src-shared/api/status.js';
import { DiscoveryReportSchema } from './cli/format.js';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, writeProjectConfig, type TempWorld } from '../core/composition/test-world.js';

describe('switchboard trust with approvals (issue 16)', () => {
  let world: TempWorld;
  let tripwire: string;
  beforeAll(async () => {
    world = makeWorld();
    tripwire = join(world.root, 'spawned');
    writeProjectConfig(world, { everything: everythingEntry(world) });
    const trusted = await runSwitchboard(world, ['trust']);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain('servers allowed to run: everything');
  });
  afterAll(() => world.cleanup());

  it('a changed command is shown with its diff and started by nothing until approved', async () => {
    writeProjectConfig(world, { everything: { command: '/bin/sh', args: ['-c', `echo x > ${tripwire}`], env: { SB_TEST_MARKER: world.marker, NODE_OPTIONS: '--require ./x.js' } } });
    const status = await runSwitchboard(world, ['status']);
    expect(status.stdout).toContain('○ everything');
    expect(status.stdout).toContain('changed');
    expect(status.stdout).toContain('  ↳ not approved as it is now, nothing started; run: switchboard trust --review');
    expect(status.stdout).toContain(`      - command: ${process.execPath}`);
    expect(status.stdout).toContain('      + command: /bin/sh');
    expect(status.stdout).toContain('      + env.NODE_OPTIONS: --require ./x.js');
    const json = ServersSnapshotSchema.parse(JSON.parse((await runSwitchboard(world, ['status', '--json'])).stdout));
    expect(json.servers[0]).toMatchObject({ status: 'changed', approval: { kind: 'changed', server: 'everything' } });
    const review = await runSwitchboard(world, ['trust', '--review']);
    expect(review.code).toBe(0);
    expect(review.stdout).toContain('definition changed since you approved it');
    expect(review.stdout).toContain('env:     SB_TEST_MARKER=');
    expect(review.stdout).toContain('Approve with: switchboard trust --approve <server> (or --all)');
    expect(existsSync(tripwire)).toBe(false);
    expect(processesWithMarker(world.marker)).toEqual([]);
    // Listing the tools of a changed server is a failure (exit 2), not an empty success.
    const tools = await runSwitchboard(world, ['tools', 'everything']);
    expect(tools.stderr).toContain('Server "everything" changed since it was approved; nothing started.');
    expect(tools.code).toBe(2);
    expect(existsSync(tripwire)).toBe(false);

    const approved = await runSwitchboard(world, ['trust', '--approve', 'everything']);
    expect(approved.stderr).toBe('');
    expect(approved.stdout).toContain('Approved everything');
    // A one-shot trust core starts nothing; the next command that runs servers runs the approved one.
    expect(existsSync(tripwire)).toBe(false);
    await runSwitchboard(world, ['status']);
    expect(existsSync(tripwire)).toBe(true);
  });

  it('--all names each server it approved, and says when nothing waits', async () => {
    writeProjectConfig(world, { everything: everythingEntry(world), second: everythingEntry(world) });
    // Trial finding: `servers` listed a new project server awaiting approval as `enabled`; it uses status's words now.
    const servers = await runSwitchboard(world, ['servers']);
    expect(servers.code).toBe(0);
    const lines = servers.stdout.split('\n');
    expect(lines[lines.indexOf(lines.find((l) => l.startsWith('second  stdio'))!) + 1]).toMatch(/\(project\) {2}changed \(not approved as it is now, nothing started; run: switchboard trust --review\)$/);
    expect(servers.stdout).not.toMatch(/\(project\) {2}enabled/);
    const listed = DiscoveryReportSchema.parse(JSON.parse((await runSwitchboard(world, ['servers', '--json'])).stdout));
    expect(listed.servers.find((s) => s.name === 'second')).toMatchObject({ enabled: true, status: 'changed', approval: { kind: 'new', server: 'second' } });
    const status = ServersSnapshotSchema.parse(JSON.parse((await runSwitchboard(world, ['status', '--json'])).stdout));
    expect(status.servers.find((s) => s.server.name === 'second')?.status).toBe('changed');
    const all = await runSwitchboard(world, ['trust', '--all']);
    expect(all.stderr).toBe('');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^Approved (everything, second|second, everything) in /m);
    const again = await runSwitchboard(world, ['trust', '--all']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing waits for approval in ');
    const after = DiscoveryReportSchema.parse(JSON.parse((await runSwitchboard(world, ['servers', '--json'])).stdout));
    expect(after.servers.find((s) => s.name === 'second')).not.toHaveProperty('status');
  });

  it('--approve of a server with nothing waiting fails with its reason', async () => {
    const run = await runSwitchboard(world, ['trust', '--approve', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Server "nope" has no definition waiting for approval');
  });
});
