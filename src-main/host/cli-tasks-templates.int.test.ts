/**
 * `call --task` (and tools that require tasks) and reading resource templates with variables, from
 * the CLI as real child processes against the real server-everything in a temp machine (issue 5).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, everythingEntry, makeWorld, processesWithMarker, runSwitchboard, waitFor, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import { readLiveEndpoint } from '../owner/ownership.js';
import { connectToOwner } from '../wires/remote-api.js';

let world: TempWorld;
/** A literal credential in the configuration, under a name that does not look secret: held. */
const TOKEN = 'ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh0JkAaTsk';
/** Looks like a credential but the configuration never supplied it: a result keeps it. */
const NOT_CONFIGURED = 'Qm4xT9vB2nR7kW1pL8sD3fH6jZ0cV5gYTsk';

beforeAll(() => {
  world = makeWorld();
  writeOwnServers(world, { everything: everythingEntry(world, { MY_CONFIG: TOKEN }) });
});

afterAll(() => world?.cleanup());

describe('CLI tasks', () => {
  it('a tool that requires tasks runs as a task automatically and prints its result', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'simulate-research-query', '--args', '{"topic":"otters"}']);
    expect(run.stderr).toContain('"simulate-research-query" must run as a task (execution.taskSupport: required)');
    expect(run.stderr).toMatch(/task \S+: working/);
    expect(run.stderr).toMatch(/task \S+: completed/);
    expect(run.stdout).toContain('otters');
    expect(run.stdout).toContain('Stage 1:');
    expect(run.code).toBe(0);
    expect(processesWithMarker(world.marker)).toEqual([]);
  });

  it('--task with --json prints the whole ToolCallResult of the task', async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'simulate-research-query', '--task', '--json', '--args', '{"topic":"beavers"}']);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('must run as a task'); // asked for explicitly: no notice
    const result = JSON.parse(run.stdout) as { server: string; tool: string; isError: boolean; text: string };
    expect(result).toMatchObject({ server: 'everything', tool: 'simulate-research-query', isError: false });
    expect(result.text).toContain('beavers');
  });

  it("a task's result is handed on: only the configuration's values are masked, and counted (issue 26 item 2)", async () => {
    const run = await runSwitchboard(world, ['call', 'everything', 'simulate-research-query', '--task', '--json', '--args', JSON.stringify({ topic: `${TOKEN} ${NOT_CONFIGURED}` })]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { text: string; redactions?: number };
    expect(run.stdout).not.toContain(TOKEN);
    expect(result.text).toContain(`[redacted] ${NOT_CONFIGURED}`);
    expect(result.redactions).toBe(result.text.split('[redacted]').length - 1);
  });
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

describe('CLI tasks through a live owner', () => {
  it('call --task attaches to the owner; Ctrl-C cancels the task there (exit 130)', async () => {
    const w = makeWorld();
    const rendererDir = join(w.root, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    w.env.SWITCHBOARD_RENDERER_DIR = rendererDir;
    writeOwnServers(w, { everything: everythingEntry(w) });
    const serve = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0'], { cwd: w.project, env: w.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let serveOut = '';
    serve.stdout.on('data', (d: Buffer) => (serveOut += d.toString()));
    let err = '';
    try {
      expect(await waitFor(() => serveOut.includes('Switchboard is running at'), 60_000)).toBe(true);
      const api = await connectToOwner(readLiveEndpoint(w.dataDir)!);
      try {
        const attached = spawn(process.execPath, [CLI_BIN, 'call', 'everything', 'simulate-research-query', '--task', '--args', '{"topic":"owls"}'], {
          cwd: w.project,
          env: w.env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        attached.stderr.on('data', (d: Buffer) => (err += d.toString()));
        expect(await waitFor(() => /task \S+: working/.test(err), 60_000)).toBe(true);
        attached.kill('SIGINT');
        expect(await waitFor(() => attached.exitCode !== null, 60_000)).toBe(true);
        expect(attached.exitCode).toBe(130);
        expect(err).toMatch(/Task \S+ cancelled\./);
        const tasks = await api.call('tasks:list', { server: 'everything' });
        expect(tasks.ok && tasks.data.filter((t) => t.tool === 'simulate-research-query').map((t) => t.status)).toEqual(['cancelled']);
      } finally {
        api.close();
      }
    } finally {
      serve.kill('SIGTERM');
      await waitFor(() => serve.exitCode !== null, 60_000);
      w.cleanup();
    }
  }, 180_000);
});
