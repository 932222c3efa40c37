/**
 * `call --task` (and tools that require tasks) and reading resource templates with variables, from
 * the CLI as real child processes against the real server-everything in a temp machine (issue 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingEntry, makeWorld, processesWithMarker, runSwitchboard, writeOwnServers, type TempWorld } from '../core/test-world.js';

let world: TempWorld;

beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { everything: everythingEntry(world) });
});

afterAll(() => world?.cleanup());

describe('CLI tasks', () => {
  it('a tool that requires tasks runs as a task automatically and prints its result', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'simulate-research-query', '--args', '{"topic":"otters"}'], { timeoutMs: 40_000 });
    expect(run.stderr).toContain('"simulate-research-query" must run as a task (execution.taskSupport: required)');
    expect(run.stderr).toMatch(/task \S+: working/);
    expect(run.stderr).toMatch(/task \S+: completed/);
    expect(run.stdout).toContain('otters');
    expect(run.stdout).toContain('Stage 1:');
    expect(run.code).toBe(0);
    expect(processesWithMarker(world.marker)).toEqual([]);
  }, 45_000);

  it('--task with --json prints the whole ToolCallResult of the task', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'simulate-research-query', '--task', '--json', '--args', '{"topic":"beavers"}'], { timeoutMs: 40_000 });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('must run as a task'); // asked for explicitly: no notice
    const result = JSON.parse(run.stdout) as { server: string; tool: string; isError: boolean; text: string };
    expect(result).toMatchObject({ server: 'everything', tool: 'simulate-research-query', isError: false });
    expect(result.text).toContain('beavers');
  }, 45_000);
});

describe('CLI resource templates', () => {
  it('reads a template filled in with --var (and --vars)', async () => {
    const byVar = await runSwitchboard(world, ['resources', 'everything', 'demo://resource/dynamic/text/{resourceId}', '--var', 'resourceId=7']);
    expect(byVar.stderr).toBe('');
    expect(byVar.code).toBe(0);
    expect(byVar.stdout).toMatch(/^Resource 7: This is a plaintext resource created at /);
    const byVars = await runSwitchboard(world, ['resources', 'everything', 'demo://resource/dynamic/text/{resourceId}', '--vars', '{"resourceId":"3"}', '--json']);
    expect(byVars.code).toBe(0);
    const read = JSON.parse(byVars.stdout) as { contents: { uri: string; text?: string }[] };
    expect(read.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/3', text: expect.stringMatching(/^Resource 3: /) });
  });

  it('a missing variable is a usage error naming it (exit 64), before any server starts', async () => {
    const run = await runSwitchboard(world, ['resources', 'everything', 'demo://resource/dynamic/text/{resourceId}', '--var', 'other=1']);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('Missing template variable "resourceId"');
    expect(run.stdout).toBe('');
    const badJson = await runSwitchboard(world, ['resources', 'everything', 'demo://resource/dynamic/text/{resourceId}', '--vars', '[1]']);
    expect(badJson.code).toBe(64);
    expect(badJson.stderr).toContain('--vars must be a JSON object');
  });
});
