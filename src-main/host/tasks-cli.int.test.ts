/**
 * 2026-07-28 tasks from the CLI (issue 12 item 5) against the modern-only stdio fixture: a plain
 * `switchboard call` answered with a task handle prints the task's statuses on stderr and its
 * result; attached to a running owner, a task's question is asked in the terminal and answered
 * (`tasks/update`), `switchboard tasks` lists the tasks, and Ctrl-C cancels a running one
 * (`tasks/cancel`, exit 130). `tasks` without a running Switchboard says one is needed.
 */
import { describe, expect, it } from 'vitest';
import { runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { modernOwnerKit } from './fixtures/modern-owner-kit.js';

const kit = modernOwnerKit();
const start = kit.cli;

describe('2026-07-28 tasks from the CLI', () => {
  it('one-shot: a plain call answered with a task prints its statuses and its result; tasks needs a running Switchboard', async () => {
    const run = await runSwitchboard(kit.world(), ['call', 'modern', 'job', '--args', '{"steps":2,"delayMs":50}']);
    expect(run.stdout.trim()).toBe('job finished after 2 steps');
    // Statuses are read every 200 ms: the steps between may or may not be seen, the end always is.
    expect(run.stderr).toMatch(/^task \S+: completed \(done\)$/m);
    expect(run.code).toBe(0);

    const tasks = await runSwitchboard(kit.world(), ['tasks']);
    expect(tasks.code).toBe(2);
    expect(tasks.stderr).toContain('No Switchboard is running for this data folder: "tasks" acts on a running one.');
  }, 120_000);

  it('attached: a task asks in the terminal, tasks lists it, Ctrl-C cancels a running one', async () => {
    await kit.startOwner();

    const approve = start(['call', 'modern', 'approve', '--args', '{"item":"v2"}']);
    expect(await waitFor(() => approve.io.err.includes('Answer it?'), 60_000)).toBe(true);
    expect(approve.io.err).toContain('Server "modern" asks: Approve "v2"?');
    expect(await waitFor(() => /task \S+: input_required \(waiting for approval\)/.test(approve.io.err), 30_000)).toBe(true);
    approve.child.stdin!.write('a\n');
    expect(await waitFor(() => approve.io.err.includes('Approve*'), 30_000)).toBe(true);
    approve.child.stdin!.write('y\n');
    expect(await approve.code).toBe(0);
    expect(approve.io.out.trim()).toBe('Approved v2');

    const listed = await runSwitchboard(kit.world(), ['tasks', 'modern']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^modern {2}approve {2}completed {2}\S+/m);

    const job = start(['call', 'modern', 'job', '--args', '{"steps":500,"delayMs":100}']);
    expect(await waitFor(() => /task \S+: working \(step \d+\/500\)/.test(job.io.err), 60_000)).toBe(true);
    job.child.kill('SIGINT');
    expect(await job.code).toBe(130);
    const taskId = /task (\S+): working/.exec(job.io.err)![1]!;
    expect(
      await waitFor(async () => {
        const r = await runSwitchboard(kit.world(), ['tasks', 'modern', '--json']);
        return (JSON.parse(r.stdout) as { taskId: string; status: string }[]).some((t) => t.taskId === taskId && t.status === 'cancelled');
      }, 60_000),
    ).toBe(true);
  }, 240_000);
});
